// npm start, in plain JavaScript so it runs without the build tools: builds the server and the
// client when one is missing or older than its sources and the tools are installed, then runs the
// built server with node (no TypeScript loader in the serving process). Installed without the dev
// dependencies (npm install --omit=dev) it starts the tree as built by `npm run build`.
//   node scripts/start.mjs                          the server
//   node scripts/start.mjs cli/user-create [args]   an operations command (npm run user:create, db:migrate)
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer, ROOT, serverBuildIsCurrent, serverEntry } from "./build.mjs";

const COMMANDS = ["cli/user-create", "cli/migrate"];
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

const importBuilt = (name) => import(pathToFileURL(serverEntry(name)).href);

if (buildToolsInstalled()) {
  if (!serverBuildIsCurrent()) {
    console.log(fs.existsSync(serverEntry("main")) ? "Server sources changed: rebuilding the server..." : "Building the server...");
    await buildServer();
  }
  if (!command) await (await importBuilt("client-build")).ensureClientBuild();
} else if (!fs.existsSync(serverEntry(command ?? "main")) || (!command && !fs.existsSync(path.join(ROOT, "dist", "public", "index.html")))) {
  console.error("Nothing is built and the build tools are not installed (npm install --omit=dev): run `npm install && npm run build` first.");
  process.exit(1);
}

if (command) await importBuilt(command);
else await (await importBuilt("main")).runFromCommandLine();
