// The client build behind `npm run build` and `npm start` (scripts/build.mjs runs it from the server
// bundle): always a production build, stamped with a hash of its sources; npm start rebuilds it when
// the stamp is missing, of another mode, or of other sources (a development bundle left by
// a test run must never reach users). Tests build elsewhere.
import path from "node:path";
import type { InlineConfig } from "vite";
import { CLIENT_SOURCES, readBuildStamp, sourceHash, writeBuildStamp } from "./build-stamp.mjs";
import { CLIENT_DIR, ROOT } from "./paths";

export { readBuildStamp };

/** sha256 over every client source file's path and bytes, in a fixed order. */
export function clientSourceHash(base = ROOT): string {
  return sourceHash(base, CLIENT_SOURCES);
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
  const hash = clientSourceHash();
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
  writeBuildStamp(outDir, hash);
}
