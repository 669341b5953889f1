// `npm start`: build the client when its build is missing or older than its sources, then serve.
import fs from "node:fs";
import path from "node:path";
import { CLIENT_DIR, runFromCommandLine } from "./main";

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = ["client", "shared", "vite.config.ts", "tailwind.config.ts", "package.json"];

function newestMtime(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

async function ensureClientBuild(): Promise<void> {
  const index = path.join(CLIENT_DIR, "index.html");
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => path.join(root, s)).filter(fs.existsSync).map(newestMtime));
  if (built >= sources) return;
  console.log(built ? "Client sources changed: rebuilding the client..." : "Building the client (first start)...");
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
}

await ensureClientBuild();
await runFromCommandLine();
