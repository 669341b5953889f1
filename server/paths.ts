// Where the app's own files are, found the same way from the sources (server/, run by tsx) and from
// the build (dist/server/, run by node): the nearest directory above this module that holds
// package.json. A bundle has one import.meta.dirname for every module in it, so no module may count
// its own "../" steps to the root.
import fs from "node:fs";
import path from "node:path";

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const ROOT = findRoot(import.meta.dirname);
/** The production client build `npm start` serves. */
export const CLIENT_DIR = path.join(ROOT, "dist", "public");
/** The browser suite's own build (tests/browser/global-setup.ts), never the one users get. */
export const TEST_CLIENT_DIR = path.join(ROOT, "dist", "test-public");
/** drizzle-kit's output, read at every start. */
export const MIGRATIONS_FOLDER = path.join(ROOT, "migrations");
