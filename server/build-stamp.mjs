// The build stamps: each build (dist/public, dist/server) carries a hash of the sources it
// was made from, so `npm start` rebuilds exactly when those sources changed. Plain JavaScript:
// scripts/start.mjs reads it before anything is built; server/client-build.ts imports it too.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const BUILD_STAMP = "build-stamp.json";
/** What the client bundle is made from. */
export const CLIENT_SOURCES = ["client", "shared", "vite.config.ts", "tailwind.config.ts", "package-lock.json"];
/** What the server bundle is made from (its packages stay in node_modules, so not the lock file). */
export const SERVER_SOURCES = ["server", "shared", "scripts/build.mjs", "tsconfig.json"];

function listFiles(p) {
  if (!fs.existsSync(p)) return [];
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return [p];
  return fs
    .readdirSync(p)
    .filter((name) => name !== "node_modules" && !name.startsWith("."))
    .sort()
    .flatMap((name) => listFiles(path.join(p, name)));
}

/** sha256 over every source file's path and bytes, in a fixed order; tests are not part of a build. */
export function sourceHash(base, sources) {
  const hash = crypto.createHash("sha256");
  for (const file of sources.flatMap((s) => listFiles(path.join(base, s)))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(base, file));
    hash.update("\0");
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export function readBuildStamp(outDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, BUILD_STAMP), "utf8"));
  } catch {
    return null;
  }
}

/** A build is current when its files are there and its stamp names a production build of these sources. */
export function buildIsCurrent(outDir, base, sources, files) {
  const stamp = readBuildStamp(outDir);
  return stamp?.mode === "production" && files.every((file) => fs.existsSync(path.join(outDir, file))) && stamp.sourceHash === sourceHash(base, sources);
}

export function writeBuildStamp(outDir, sourceHash) {
  fs.writeFileSync(path.join(outDir, BUILD_STAMP), JSON.stringify({ mode: "production", sourceHash }));
}
