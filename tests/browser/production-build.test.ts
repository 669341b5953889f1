// The client users get: the browser suite's build is a production build in its own
// directory, stamped with its mode, and no script the server hands out holds development code
// (React's jsxDEV, the refresh runtime); every script and style goes out precompressed.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { CLIENT_DIR, TEST_CLIENT_DIR } from "../../server/paths";
import { clientSourceHash, readBuildStamp } from "../../server/client-build";

let env: BrowserTestEnv;
beforeAll(async () => {
  env = await startBrowserTestEnv();
});
afterAll(async () => {
  await env?.close();
});

describe("the client build", () => {
  it("is a production build of today's sources, apart from the one `npm start` serves", () => {
    expect(TEST_CLIENT_DIR).not.toBe(CLIENT_DIR);
    expect(readBuildStamp(TEST_CLIENT_DIR)).toEqual({ mode: "production", sourceHash: clientSourceHash() });
  });

  it("serves no development code, and every script and style compressed", async () => {
    const assets = fs.readdirSync(path.join(TEST_CLIENT_DIR, "assets")).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.length).toBeGreaterThan(10);
    for (const file of assets) {
      const res = await fetch(`${env.url}/assets/${file}`, { headers: { "Accept-Encoding": "br, gzip" } });
      expect(res.status, file).toBe(200);
      const body = await res.text();
      expect(body.length, file).toBe(fs.readFileSync(path.join(TEST_CLIENT_DIR, "assets", file), "utf8").length);
      if (file.endsWith(".js")) {
        expect(body, file).not.toMatch(/jsxDEV|\$RefreshReg\$|react-refresh/);
      }
      // Files under 1 KB are not worth compressing; every other one goes as brotli.
      if (body.length >= 1024) expect(res.headers.get("content-encoding"), file).toBe("br");
    }
  });

  // The transaction form is react-hook-form's heaviest user: a barrel that re-exported it, or a
  // list that imported a form outright, would put both on every list again (DECISIONS §9).
  it("lists never fetch react-hook-form; the transaction form does", async () => {
    const accountant = await env.makeUser("Accountant");
    const approver = await env.makeUser("Approver");
    const sessionOf = async (user: typeof accountant) => {
      const { context, page } = await env.newPage("desktop");
      await env.signIn(page, user);
      const state = await context.storageState();
      await context.close();
      return state;
    };
    /** The scripts a route fetches cold (a fresh context, so nothing comes from a cache). */
    const scriptsOf = async (storageState: Awaited<ReturnType<typeof sessionOf>>, route: string) => {
      const { context, page } = await env.newPage("desktop", { storageState });
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(route, { waitUntil: "networkidle" });
      await page.getByRole("main").waitFor();
      await context.close();
      return scripts;
    };
    const formChecks = (scripts: string[]) => scripts.filter((s) => s.startsWith("/assets/react-hook-form-"));
    const accountantSession = await sessionOf(accountant);
    const approverSession = await sessionOf(approver);
    for (const [session, route] of [
      [accountantSession, "/"],
      [accountantSession, "/transactions"],
      [accountantSession, "/my-transactions"],
      [approverSession, "/"],
      [approverSession, "/pending-approvals"],
    ] as const) {
      const scripts = await scriptsOf(session, route);
      expect(scripts.length, route).toBeGreaterThan(5);
      expect(formChecks(scripts), route).toEqual([]);
    }
    // The name the build gives the chunk is the one looked for above.
    expect(formChecks(await scriptsOf(accountantSession, "/create-transaction"))).toHaveLength(1);
  });

  it("runs under its CSP without a single violation: sign-in, a form checked by zod, a list", async () => {
    const accountant = await env.makeUser("Accountant");
    const { page } = await env.newPage("desktop");
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(m.text());
    });
    await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await env.signIn(page, accountant);
    await page.goto("/create-transaction");
    await page.getByRole("radio", { name: /B - Bill/ }).check();
    // Submitting an empty form runs the zod schema in the browser: its messages show, no eval is tried.
    await page.getByRole("button", { name: "Submit for Approval" }).click();
    await expect.poll(() => page.getByLabel(/^Amount/).getAttribute("aria-invalid"), { timeout: 20_000 }).toBe("true");
    await page.goto("/my-transactions");
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });
});
