// The client build behind `npm start`: always a production build, stamped with a hash of its
// sources, and rebuilt when the stamp is missing, of another mode, or of other sources (issue 17:
// a development bundle left by a test run must never reach users). Tests build elsewhere.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { InlineConfig } from "vite";
import { CLIENT_DIR, ROOT } from "./paths";

/** What the client bundle is made from. */
const SOURCES = ["client", "shared", "vite.config.ts", "tailwind.config.ts", "package-lock.json"];
export const BUILD_STAMP = "build-stamp.json";

export type BuildStamp = { mode: "production"; sourceHash: string };

function listFiles(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return [p];
  return fs
    .readdirSync(p)
    .filter((name) => name !== "node_modules" && !name.startsWith("."))
    .sort()
    .flatMap((name) => listFiles(path.join(p, name)));
}

/** sha256 over every source file's path and bytes, in a fixed order. */
export function clientSourceHash(base = ROOT): string {
  const hash = crypto.createHash("sha256");
  for (const file of SOURCES.flatMap((s) => listFiles(path.join(base, s)))) {
    // Tests of the client are not part of what it ships.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(base, file));
    hash.update("\0");
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export function readBuildStamp(outDir: string): BuildStamp | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, BUILD_STAMP), "utf8")) as BuildStamp;
  } catch {
    return null;
  }
}

/**
 * Runs Vite's build in this process, always in production mode, and gives NODE_ENV back as it was:
 * Vite takes NODE_ENV for its mode, so a build started under "test" or "development" would
 * otherwise ship React's development runtime; and an unset NODE_ENV must stay unset, or the server
 * would then demand a SESSION_SECRET that a first `npm start` does not have (DECISIONS §1).
 */
export async function buildClient(options: { outDir?: string; config?: InlineConfig } = {}): Promise<void> {
  const userNodeEnv = process.env.NODE_ENV;
  const { build } = await import("vite");
  const outDir = options.outDir ?? CLIENT_DIR;
  const sourceHash = clientSourceHash();
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: path.join(ROOT, "vite.config.ts"),
      logLevel: "warn",
      mode: "production",
      ...options.config,
      build: { ...options.config?.build, outDir },
    });
  } finally {
    if (userNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = userNodeEnv;
  }
  const stamp: BuildStamp = { mode: "production", sourceHash };
  fs.writeFileSync(path.join(outDir, BUILD_STAMP), JSON.stringify(stamp));
}

/** Builds the client when the served build is not a production build of today's sources. */
export async function ensureClientBuild(outDir = CLIENT_DIR): Promise<void> {
  const stamp = readBuildStamp(outDir);
  const hasIndex = fs.existsSync(path.join(outDir, "index.html"));
  if (hasIndex && stamp?.mode === "production" && stamp.sourceHash === clientSourceHash()) return;
  console.log(hasIndex ? "Client sources changed (or the build is not a production one): rebuilding the client..." : "Building the client (first start)...");
  await buildClient({ outDir });
}
