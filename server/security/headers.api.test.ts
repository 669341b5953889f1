// Security headers and cookies (DECISIONS §2): a CSP whose scripts are 'self' only, nosniff, no
// X-Powered-By or version banners; the session cookie HttpOnly, SameSite=Lax and Secure over https;
// a 500 answers {message} only (no stack, no SQL); unknown API routes answer 404 JSON.
import { afterAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { UNAVAILABLE_MESSAGE } from "../middlewares/errors";
import { CSRF_HEADER, createTestApp } from "../test/harness";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import { SESSION_COOKIE } from "../routes/auth";

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

function sessionCookie(setCookie: string[] | string | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = all.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(cookie, `a ${SESSION_COOKIE} cookie in ${JSON.stringify(all)}`).toBeDefined();
  return cookie!;
}

const attributes = (cookie: string) =>
  cookie
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());

async function login(extra: Record<string, string> = {}) {
  const user = await makeUser(t.db, { role: "Accountant" });
  return supertest(t.app).post("/api/auth/login").set(CSRF_HEADER).set(extra).send({ username: user.username, password: TEST_PASSWORD });
}

const SAMPLES = ["/api/health", "/api/auth/me", "/api/no-such-route", "/api/openapi.json", "/api/docs"];

describe("security headers", () => {
  for (const url of SAMPLES) {
    it(`${url}: a CSP without 'unsafe-inline' or 'unsafe-eval' in script-src, nosniff, no X-Powered-By`, async () => {
      const res = await supertest(t.app).get(url);
      const csp = res.headers["content-security-policy"];
      expect(csp, "Content-Security-Policy").toBeTypeOf("string");
      const d = directives(csp);
      const scriptSrc = d.get("script-src") ?? d.get("default-src");
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc).not.toContain("*");
      expect(d.get("object-src")).toEqual(["'none'"]);
      expect(d.get("frame-ancestors")).toEqual(["'none'"]);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-powered-by"]).toBeUndefined();
    });
  }

  it("no header names a server, framework or version", async () => {
    for (const url of SAMPLES) {
      const res = await supertest(t.app).get(url);
      expect(res.headers.server).toBeUndefined();
      expect(res.headers["x-aspnet-version"]).toBeUndefined();
      for (const [name, value] of Object.entries(res.headers)) {
        // The CSP names the socket's origin, the address the page was served from (127.0.0.1 here): not a version.
        const text = `${name}: ${String(value)}`.replace(/ wss?:\/\/[^\s;]+/, " ws://<host>");
        expect(text).not.toMatch(/express|node\.?js|pglite|postgres|\bv?\d+\.\d+\.\d+\b/i);
      }
    }
  });

  it("connect-src names only our own origin, over http(s) and ws(s); no ws: or wss: to any host (DECISIONS §10)", async () => {
    const res = await supertest(t.app).get("/api/auth/me").set("Host", "bms.example.in:8443");
    const connect = directives(res.headers["content-security-policy"]).get("connect-src");
    expect(connect).toEqual(["'self'", "ws://bms.example.in:8443"]);
    // A Host that is not a host name gets no socket origin of its own.
    const odd = await supertest(t.app).get("/api/auth/me").set("Host", "evil;script-src *");
    expect(directives(odd.headers["content-security-policy"]).get("connect-src")).toEqual(["'self'", "'self'"]);
  });

  it("Permissions-Policy denies camera, microphone, geolocation and payment, on pages and API alike", async () => {
    for (const url of SAMPLES) {
      const policy = (await supertest(t.app).get(url)).headers["permissions-policy"];
      expect(policy, url).toBe("camera=(), microphone=(), geolocation=(), payment=()");
    }
  });

  it("JSON under /api is sent with Cache-Control: no-store, errors included", async () => {
    const user = await makeUser(t.db, { role: "Accountant" });
    const agent = supertest.agent(t.app);
    await agent.post("/api/auth/login").set(CSRF_HEADER).send({ username: user.username, password: TEST_PASSWORD });
    for (const url of ["/api/auth/me", "/api/categories", "/api/notifications", "/api/no-such-route", "/api/openapi.json", "/api/health"]) {
      const res = await agent.get(url);
      expect(res.type, url).toBe("application/json");
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    expect((await supertest(t.app).get("/api/auth/me")).headers["cache-control"]).toBe("no-store");
  });

  it("frames and referrers are locked down (helmet defaults kept)", async () => {
    const res = await supertest(t.app).get("/api/health");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });
});

describe("the session cookie", () => {
  it("is HttpOnly and SameSite=Lax, and not Secure over plain http", async () => {
    const res = await login();
    expect(res.status).toBe(200);
    const attrs = attributes(sessionCookie(res.headers["set-cookie"]));
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
    expect(attrs).toContain("path=/");
    expect(attrs).not.toContain("secure");
  });

  it("is Secure when the request came over https (X-Forwarded-Proto from a loopback proxy)", async () => {
    const res = await login({ "X-Forwarded-Proto": "https" });
    expect(res.status).toBe(200);
    const attrs = attributes(sessionCookie(res.headers["set-cookie"]));
    expect(attrs).toContain("secure");
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
  });

  it("carries only an opaque id: no user data, role or password in the cookie", async () => {
    const res = await login();
    const value = decodeURIComponent(sessionCookie(res.headers["set-cookie"]).split(";")[0].split("=").slice(1).join("="));
    expect(value).not.toMatch(/Accountant|password|role|\{/i);
  });

  it("is not set for a failed sign-in", async () => {
    const res = await supertest(t.app).post("/api/auth/login").set(CSRF_HEADER).send({ username: "nobody_here", password: "wrong-password" });
    expect(res.status).toBe(401);
    expect((res.headers["set-cookie"] as unknown as string[] | undefined)?.some((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? false).toBe(false);
  });

  it("the id changes at sign-in (no session fixation)", async () => {
    const agent = supertest.agent(t.app);
    await agent.post("/api/auth/login").set(CSRF_HEADER).send({ username: "nobody_here", password: "wrong" });
    const user = await makeUser(t.db, { role: "Approver" });
    const first = await agent.post("/api/auth/login").set(CSRF_HEADER).send({ username: user.username, password: TEST_PASSWORD });
    const second = await agent.post("/api/auth/login").set(CSRF_HEADER).send({ username: user.username, password: TEST_PASSWORD });
    const id = (r: typeof first) => sessionCookie(r.headers["set-cookie"]).split(";")[0];
    expect(id(first)).not.toBe(id(second));
  });
});

describe("errors", () => {
  it("an unknown /api route is a 404 JSON {message}, signed in or not, any method", async () => {
    const signedIn = await t.signIn("SuperAdmin");
    for (const res of [
      await supertest(t.app).get("/api/no-such-route"),
      await signedIn.api.get("/api/admin/no-such-thing"),
      await signedIn.api.post("/api/no-such-route", {}),
      await signedIn.api.delete("/api/transactions"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.type).toBe("application/json");
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
  });

  it("a 4xx from the body parser (unsupported charset) answers {message} without internals", async () => {
    const res = await supertest(t.app)
      .post("/api/auth/login")
      .set(CSRF_HEADER)
      .set("Content-Type", "application/json; charset=utf-7")
      .send('{"username":"a","password":"b"}');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ message: expect.any(String) });
    expect(res.text).not.toMatch(/node_modules|\bat .+:\d+:\d+/);
  });

  it("the database closed under a throwaway app: {message, code} only, no stack, no SQL (503 unavailable where the driver says so, else 500)", async () => {
    const broken = await createTestApp();
    const user = await makeUser(broken.db, { role: "Accountant" });
    await broken.database.close();
    try {
      const res = await supertest(broken.app).post("/api/auth/login").set(CSRF_HEADER).send({ username: user.username, password: TEST_PASSWORD });
      // node-postgres's closed pool is a lost database (503); PGlite's closed instance is not told apart (500).
      expect(res.status).toBe(broken.database.kind === "postgres" ? 503 : 500);
      expect(res.type).toBe("application/json");
      expect(Object.keys(res.body).sort()).toEqual(["code", "message"]);
      expect(res.body).toEqual(
        res.status === 503
          ? { message: UNAVAILABLE_MESSAGE, code: "unavailable" }
          : { message: "Something went wrong on our side. Please try again.", code: "internal" },
      );
      expect(res.text).not.toMatch(/select|insert|from "|users|stack|node_modules|\bat .+:\d+:\d+|pglite|postgres|pool|closed|ended/i);
      expect(res.headers["x-powered-by"]).toBeUndefined();
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
