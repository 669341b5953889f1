import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildClient, clientSourceHash, readBuildStamp } from "./client-build";

// A first `npm start` builds the client in the server's own process. The bundle is always a
// production one (a build made under NODE_ENV=test or development once shipped React's
// development runtime), and the build leaves the environment as the user gave it (an unset
// NODE_ENV stays unset, or the server would demand a SESSION_SECRET on a first start).
describe("buildClient", () => {
  const testNodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = testNodeEnv;
  });

  async function buildTinyPage(): Promise<{ dir: string; bundle: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-client-build-"));
    fs.writeFileSync(path.join(dir, "index.html"), '<!doctype html><title>t</title><script type="module" src="./main.js"></script>');
    fs.writeFileSync(path.join(dir, "main.js"), 'document.title = process.env.NODE_ENV === "production" ? "built" : "dev";');
    await buildClient({ outDir: path.join(dir, "out"), config: { configFile: false, root: dir, logLevel: "silent" } });
    const assets = path.join(dir, "out", "assets");
    const bundle = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .map((f) => fs.readFileSync(path.join(assets, f), "utf8"))
      .join("");
    return { dir, bundle };
  }

  it.each([undefined, "development", "test"])("builds for production under NODE_ENV=%s and gives NODE_ENV back", async (nodeEnv) => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    const { dir, bundle } = await buildTinyPage();
    expect(process.env.NODE_ENV).toBe(nodeEnv);
    expect(bundle).toMatch(/\bbuilt\b/);
    expect(bundle).not.toMatch(/\bdev\b/);
    // Stamped with its mode and the hash of the sources it was built from.
    expect(readBuildStamp(path.join(dir, "out"))).toEqual({ mode: "production", sourceHash: clientSourceHash() });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("clientSourceHash", () => {
  it("changes when a source file changes, and not otherwise", () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), "bms-client-hash-"));
    fs.mkdirSync(path.join(base, "client", "src"), { recursive: true });
    fs.writeFileSync(path.join(base, "client", "src", "a.ts"), "export const a = 1;");
    const first = clientSourceHash(base);
    expect(clientSourceHash(base)).toBe(first);
    fs.writeFileSync(path.join(base, "client", "src", "a.test.ts"), "test only");
    expect(clientSourceHash(base)).toBe(first);
    fs.writeFileSync(path.join(base, "client", "src", "a.ts"), "export const a = 2;");
    expect(clientSourceHash(base)).not.toBe(first);
    fs.rmSync(base, { recursive: true, force: true });
  });
});
