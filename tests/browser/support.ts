// The real server (built client, real database) on a free port, and Debian's Chromium driven by
// playwright-core.
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { inject } from "vitest";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { startServer, type RunningServer } from "../../server/main";
import { TEST_CLIENT_DIR } from "../../server/paths";
import { loadConfig } from "../../server/config";
import { createTestDatabase, type TestDatabase } from "../../server/test/databases";
import { makeUser, TEST_PASSWORD, type MadeUser } from "../../server/test/factories";
import type { Role } from "../../shared/constants";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Content-Security-Policy violations reported by any page (DECISIONS §10: no screen triggers one).
 * Chromium reports each on the page's console; tests/browser/setup.ts fails the test that saw one.
 * Contexts opened with bypassCSP (the accessibility and stored-XSS suites) are not watched.
 */
export const cspViolations: string[] = [];

function watchCsp(context: BrowserContext): void {
  context.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) cspViolations.push(`${message.location().url}: ${message.text()}`);
  });
}

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export type BrowserTestEnv = {
  server: RunningServer;
  url: string;
  browser: Browser;
  db: RunningServer["deps"]["database"]["db"];
  makeUser(role: Role, overrides?: Partial<Parameters<typeof makeUser>[1]>): Promise<MadeUser>;
  newPage(viewport?: ViewportName, options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  signIn(page: Page, user: MadeUser): Promise<void>;
  close(): Promise<void>;
};

export async function startBrowserTestEnv(): Promise<BrowserTestEnv> {
  const postgresUrl = inject("postgresUrl");
  let testDb: TestDatabase | null = null;
  const env: Record<string, string> = {
    NODE_ENV: "test",
    PORT: "0",
    DATA_DIR: path.join(os.tmpdir(), `bms-browser-${crypto.randomBytes(4).toString("hex")}`),
    SESSION_SECRET: "browser-test-secret",
    UPLOAD_SIGNING_KEY: "browser-test-upload-key",
    ADMIN_PASSWORD: "admin-password",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
  };
  if (postgresUrl) {
    testDb = await createTestDatabase({ postgresUrl, pgliteDump: null, run: inject("testRun") });
    env.DATABASE_URL = testDb.url!;
  }
  const server = await startServer(loadConfig(env), { clientDir: TEST_CLIENT_DIR });
  const port = (server.server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  const contexts: BrowserContext[] = [];
  // Every context of this browser, however a test opens it, is watched for CSP violations.
  const openContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // The service worker (DECISIONS §14) registers once signed in and precaches the whole build in
    // the background: only the tests of the installed app let it (serviceWorkers: "allow").
    const context = await openContext({ serviceWorkers: "block", ...options });
    if (!options?.bypassCSP) watchCsp(context);
    return context;
  };

  return {
    server,
    url,
    browser,
    db: server.deps.database.db,
    makeUser: (role, overrides = {}) => makeUser(server.deps.database.db, { role, ...overrides }),
    async newPage(viewport = "desktop", options = {}) {
      const context = await browser.newContext({ ...VIEWPORTS[viewport], baseURL: url, ...options });
      contexts.push(context);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      return { context, page };
    },
    async signIn(page, user) {
      await page.goto("/");
      await page.getByLabel("User ID").fill(user.username);
      await page.getByLabel("Password").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      // Signed in once the form is gone and the shell's banner is there.
      await page.getByLabel("User ID").waitFor({ state: "detached" });
      await page.getByRole("banner").first().waitFor();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await server.stop();
      await testDb?.drop();
    },
  };
}
