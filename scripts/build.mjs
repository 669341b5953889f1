// npm run build: the server, bundled by esbuild from TypeScript into dist/server (its packages are
// left in node_modules), then the client, built by Vite into dist/public. Each build is stamped
// with a hash of its sources (server/build-stamp.mjs).
//   node scripts/build.mjs              both builds (npm run build)
//   node scripts/build.mjs --if-stale   only a build that is missing or older than its sources (npm start)
//   node scripts/build.mjs --if-stale --server-only   the same for the server alone (user:create, db:migrate)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIsCurrent, CLIENT_SOURCES, SERVER_SOURCES, sourceHash, writeBuildStamp } from "../server/build-stamp.mjs";

export const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER_OUT = path.join(ROOT, "dist", "server");
const CLIENT_OUT = path.join(ROOT, "dist", "public");
/** The server and the operations commands, each one self-contained file under dist/server. */
const SERVER_ENTRIES = ["main", "client-build", "cli/migrate", "cli/user-create"];

/** The built file of an entry: `main` is dist/server/main.js. */
export function serverEntry(name) {
  return path.join(SERVER_OUT, `${name}.js`);
}

export const clientBuilt = () => fs.existsSync(path.join(CLIENT_OUT, "index.html"));
export const serverBuildIsCurrent = () =>
  buildIsCurrent(
    SERVER_OUT,
    ROOT,
    SERVER_SOURCES,
    SERVER_ENTRIES.map((name) => `${name}.js`),
  );
export const clientBuildIsCurrent = () => buildIsCurrent(CLIENT_OUT, ROOT, CLIENT_SOURCES, ["index.html"]);

async function buildServer() {
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

/** Vite through server/client-build.ts (production mode whatever NODE_ENV says, then the stamp). */
async function buildClient() {
  const { buildClient } = await import(pathToFileURL(serverEntry("client-build")).href);
  await buildClient();
}

async function timed(label, build) {
  const started = performance.now();
  await build();
  console.log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const ifStale = process.argv.includes("--if-stale");
  if (!ifStale || !serverBuildIsCurrent()) {
    if (ifStale) console.log(fs.existsSync(serverEntry("main")) ? "Server sources changed: rebuilding the server..." : "Building the server (first start)...");
    await timed("Server built into dist/server", buildServer);
  }
  if (!process.argv.includes("--server-only") && (!ifStale || !clientBuildIsCurrent())) {
    if (ifStale)
      console.log(
        clientBuilt() ? "Client sources changed (or the build is not a production one): rebuilding the client..." : "Building the client (first start)...",
      );
    await timed("Client built into dist/public", buildClient);
  }
}
