// The client build behind `npm start`: built when missing or older than its sources.
import fs from "node:fs";
import path from "node:path";
import type { InlineConfig } from "vite";
import { CLIENT_DIR } from "./main";

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = ["client", "shared", "vite.config.ts", "tailwind.config.ts", "package.json"];

function newestMtime(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Runs Vite's build in this process and gives NODE_ENV back as it was: Vite sets it to
 * "production" when it is unset, and the server would then demand a SESSION_SECRET that a first
 * `npm start` does not have (DECISIONS §1 generates one outside production).
 */
export async function buildClient(config: InlineConfig): Promise<void> {
  const userNodeEnv = process.env.NODE_ENV;
  const { build } = await import("vite");
  try {
    await build(config);
  } finally {
    if (userNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = userNodeEnv;
  }
}

export async function ensureClientBuild(): Promise<void> {
  const index = path.join(CLIENT_DIR, "index.html");
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => path.join(root, s)).filter(fs.existsSync).map(newestMtime));
  if (built >= sources) return;
  console.log(built ? "Client sources changed: rebuilding the client..." : "Building the client (first start)...");
  await buildClient({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
}
