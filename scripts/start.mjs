// npm start, in plain JavaScript so it runs without the build tools: when the tools are installed,
// builds the server and the client if one is missing or older than its sources (in a child
// process, so Vite's memory is not kept by the server), then runs the built server in this process
// with plain node (no TypeScript loader). Installed without the dev dependencies (npm install
// --omit=dev) it starts the tree as `npm run build` left it.
//   node scripts/start.mjs                          the server
//   node scripts/start.mjs cli/user-create [args]   an operations command (npm run user:create, db:migrate)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { clientBuildIsCurrent, clientBuilt, ROOT, serverBuildIsCurrent, serverEntry } from "./build.mjs";

const COMMANDS = ["cli/user-create", "cli/migrate"];
// The command's own arguments follow; it reads them from process.argv.
const command = COMMANDS.includes(process.argv[2]) ? process.argv.splice(2, 1)[0] : null;

/** The build tools are devDependencies: absent after `npm install --omit=dev`. */
function buildToolsInstalled() {
  const require = createRequire(path.join(ROOT, "package.json"));
  try {
    require.resolve("esbuild");
    require.resolve("vite");
    return true;
  } catch {
    return false;
  }
}

if (buildToolsInstalled()) {
  // An operations command needs only the server build.
  if (!serverBuildIsCurrent() || (!command && !clientBuildIsCurrent())) {
    const args = [path.join(ROOT, "scripts", "build.mjs"), "--if-stale", ...(command ? ["--server-only"] : [])];
    const build = spawnSync(process.execPath, args, { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
} else if (!fs.existsSync(serverEntry(command ?? "main")) || (!command && !clientBuilt())) {
  console.error("Nothing is built and the build tools are not installed (npm install --omit=dev): run `npm install && npm run build` first.");
  process.exit(1);
}

const built = await import(pathToFileURL(serverEntry(command ?? "main")).href);
if (!command) await built.runFromCommandLine();
