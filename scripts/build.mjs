// npm run build: the server, bundled by esbuild from TypeScript into dist/server (its packages are
// left in node_modules), then the client, built by Vite into dist/public. Each build is stamped
// with a hash of its sources (scripts/build-stamp.mjs). npm start (scripts/start.mjs) runs the
// same builds when one is missing or stale, and needs neither when the tree is built.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SERVER_SOURCES, readBuildStamp, sourceHash, writeBuildStamp } from "./build-stamp.mjs";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVER_OUT = path.join(ROOT, "dist", "server");
/** The server and the operations commands, each one self-contained file under dist/server. */
const SERVER_ENTRIES = ["main", "client-build", "cli/migrate", "cli/user-create"];

/** The built file of an entry: `main` is dist/server/main.js. */
export function serverEntry(name) {
  return path.join(SERVER_OUT, `${name}.js`);
}

export function serverBuildIsCurrent() {
  const stamp = readBuildStamp(SERVER_OUT);
  return stamp?.sourceHash === sourceHash(ROOT, SERVER_SOURCES) && SERVER_ENTRIES.every((name) => fs.existsSync(serverEntry(name)));
}

export async function buildServer() {
  const { build } = await import("esbuild");
  const hash = sourceHash(ROOT, SERVER_SOURCES);
  fs.rmSync(SERVER_OUT, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES.map((name) => ({ in: `server/${name}.ts`, out: name })),
    outdir: SERVER_OUT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
  writeBuildStamp(SERVER_OUT, hash);
}

/** Both builds, for `npm run build`. */
async function buildAll() {
  const started = performance.now();
  await buildServer();
  console.log(`Server built into ${path.relative(ROOT, SERVER_OUT)} (${Math.round(performance.now() - started)} ms).`);
  const { buildClient } = await import(pathToFileURL(serverEntry("client-build")).href);
  const clientStarted = performance.now();
  await buildClient();
  console.log(`Client built into dist/public (${Math.round(performance.now() - clientStarted)} ms).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildAll();
}
