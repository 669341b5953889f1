// Types of server/build-stamp.mjs (plain JavaScript, read by scripts/start.mjs before anything is built).
export type BuildStamp = { mode: "production"; sourceHash: string };
export declare const BUILD_STAMP: string;
export declare const CLIENT_SOURCES: string[];
export declare const SERVER_SOURCES: string[];
export declare function sourceHash(base: string, sources: string[]): string;
export declare function readBuildStamp(outDir: string): BuildStamp | null;
export declare function buildIsCurrent(outDir: string, base: string, sources: string[], files: string[]): boolean;
export declare function writeBuildStamp(outDir: string, sourceHash: string): void;
