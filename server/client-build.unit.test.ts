import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildClient } from "./client-build";

// A first `npm start` builds the client in the server's own process. Vite sets NODE_ENV to
// "production" when it is unset, which made that first start refuse to run without a
// SESSION_SECRET; the build must leave the environment as the user gave it.
describe("buildClient", () => {
  const testNodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = testNodeEnv;
  });

  async function buildTinyPage(): Promise<string> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-client-build-"));
    fs.writeFileSync(path.join(dir, "index.html"), '<!doctype html><title>t</title><script type="module" src="./main.js"></script>');
    fs.writeFileSync(path.join(dir, "main.js"), 'document.title = process.env.NODE_ENV === "production" ? "built" : "dev";');
    await buildClient({ configFile: false, root: dir, logLevel: "silent", build: { outDir: path.join(dir, "out") } });
    return dir;
  }

  it("leaves an unset NODE_ENV unset (the bundle itself is still a production build)", async () => {
    delete process.env.NODE_ENV;
    const dir = await buildTinyPage();
    expect(process.env.NODE_ENV).toBeUndefined();
    const bundle = fs.readdirSync(path.join(dir, "out", "assets")).map((f) => fs.readFileSync(path.join(dir, "out", "assets", f), "utf8")).join("");
    expect(bundle).toMatch(/\bbuilt\b/);
    expect(bundle).not.toMatch(/\bdev\b/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("leaves a NODE_ENV the user set as it was", async () => {
    process.env.NODE_ENV = "development";
    const dir = await buildTinyPage();
    expect(process.env.NODE_ENV).toBe("development");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
