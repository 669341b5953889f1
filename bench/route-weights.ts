// What each screen really costs a browser (DECISIONS §9): every route of the client's
// route table is opened cold (a fresh Chromium context: empty cache) by a role that may open it,
// signed in with that role's session, and every script the page fetches until the network is idle
// is counted: lazy chunks included, as the browser asked for them. Each script's body is measured
// gzipped (level 9, what the .gz files hold) and as it went over the wire (brotli, when offered).
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { ROLES, type Role } from "../shared/constants";
import { PATHS, type RouteId } from "../client/src/lib/paths";
import { ROUTE_ACCESS } from "../client/src/app/permissions";

export type RouteWeight = { route: RouteId; path: string; role: Role | "public"; scripts: number; kbGzip: number; kbWire: number };

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function roleFor(route: RouteId): Role | "public" {
  const access = ROUTE_ACCESS[route];
  if (access === "public" || access === "guest") return "public";
  if (access === "authenticated") return "Accountant";
  return ROLES.find((r) => (access as readonly Role[]).includes(r))!;
}

/**
 * Opens every route without path parameters (those need a record; their page chunk is the same as
 * a sibling's) and answers its weight. `cookieFor(role)` gives a signed-in session cookie.
 */
export async function routeWeights(baseUrl: string, cookieFor: (role: Role) => Promise<string>): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const out: RouteWeight[] = [];
  try {
    for (const [route, path] of Object.entries(PATHS) as [RouteId, string][]) {
      if (path.includes(":") || path.includes("*")) continue;
      const role = roleFor(route);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      if (role !== "public") {
        const [name, value] = (await cookieFor(role)).split(";")[0]!.split("=");
        await context.addCookies([{ name: name!, value: value!, url: baseUrl }]);
      }
      const page = await context.newPage();
      const scripts: Promise<{ url: string; gz: number; wire: number }>[] = [];
      page.on("response", (res) => {
        if (res.request().resourceType() !== "script") return;
        scripts.push(
          (async () => {
            const body = await res.body();
            const sizes = await res.request().sizes();
            return { url: res.url(), gz: zlib.gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize };
          })(),
        );
      });
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      const measured = await Promise.all(scripts);
      // BENCH_ROUTE_DETAIL=/a-path lists that route's scripts, heaviest first: where to trim.
      if (process.env.BENCH_ROUTE_DETAIL === path) {
        for (const m of [...measured].sort((a, b) => b.gz - a.gz))
          console.log(`    ${(m.gz / 1024).toFixed(1).padStart(6)} KB gzip  ${new URL(m.url).pathname}`);
      }
      out.push({
        route,
        path,
        role,
        scripts: measured.length,
        kbGzip: measured.reduce((s, m) => s + m.gz, 0) / 1024,
        kbWire: measured.reduce((s, m) => s + m.wire, 0) / 1024,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
