import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { CLIENT_DIR, MIGRATIONS_FOLDER, ROOT } from "./paths";

// The server runs from its sources (tsx, tests) and from its bundle in dist/server (npm start):
// both must find the migrations and the client build at the same places.
describe("paths", () => {
  it("name the repository's own folders from the sources", () => {
    expect(fs.existsSync(path.join(ROOT, "package.json"))).toBe(true);
    expect(fs.existsSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"))).toBe(true);
    expect(CLIENT_DIR).toBe(path.join(ROOT, "dist", "public"));
  });

  it("name the same folders from a bundle two levels down (dist/server/cli)", async () => {
    const outDir = path.join(ROOT, "dist", `.paths-test-${process.pid}`, "server", "cli");
    try {
      await build({
        entryPoints: [path.join(ROOT, "server", "paths.ts")],
        outfile: path.join(outDir, "paths.js"),
        bundle: true,
        platform: "node",
        format: "esm",
        logLevel: "silent",
      });
      const built = (await import(pathToFileURL(path.join(outDir, "paths.js")).href)) as typeof import("./paths");
      expect({ root: built.ROOT, migrations: built.MIGRATIONS_FOLDER }).toEqual({ root: ROOT, migrations: MIGRATIONS_FOLDER });
    } finally {
      fs.rmSync(path.join(ROOT, "dist", `.paths-test-${process.pid}`), { recursive: true, force: true });
    }
  });
});
