// Types of scripts/eslint-rules/server-layers.mjs (plain JavaScript, loaded by eslint.config.js).
import type { ESLint } from "eslint";

export declare const SERVER_FLOORS: { name: string; paths: string[] }[];
export declare function floorOf(file: string): number;
export declare const serverLayers: ESLint.Plugin;
