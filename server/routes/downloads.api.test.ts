// Every download the API declares (a route with `produces`: the CSV exports, the books' files, an
// attachment) answers with the same headers, set in one place (routes/downloads.ts): a CSV is
// text/csv in UTF-8, saved as an attachment under a safe name, never sniffed, never stored. The
// routes come from createApp's own declarations, so a new download is checked here as it is added.
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { RouteDef } from "./api-router";
import { createTestApp } from "../test/harness";
import { ROUTE_FIXTURES, routeKey, sendCall, World } from "../test/route-fixtures";
import { assertWellFormedXml } from "../test/strict-xml";

const t = await createTestApp();
const world = await World.create(t);
const superAdmin = await t.signIn("SuperAdmin");
const downloads: RouteDef[] = createApp(t.deps)
  .routes.filter((r) => r.produces)
  .sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
const isCsv = (r: RouteDef) => r.produces!.includes("text/csv");
/** The answer as text, however supertest held it (text for text/*, a Buffer for the rest). */
const bodyText = (res: { text?: string; body?: unknown }) =>
  typeof res.text === "string" ? res.text : Buffer.isBuffer(res.body) ? res.body.toString("utf8") : "";

afterAll(async () => {
  await t.close();
});

// A quoted ASCII name without quotes, backslashes, slashes or control characters, and the exact
// UTF-8 name beside it when it has other characters (RFC 6266).
const SAFE_DISPOSITION = /^attachment; filename="[\x20-\x21\x23-\x2e\x30-\x5b\x5d-\x7e]+"(; filename\*=UTF-8''[A-Za-z0-9%._~!$&+,;=:@-]+)?$/;

describe("downloads", () => {
  it("the CSV downloads are the eight the spec and DECISIONS name", () => {
    expect(downloads.filter(isCsv).map(routeKey)).toEqual([
      "GET /accounting/exports/:id/file",
      "GET /audit/export.csv",
      "GET /gst/summary/export",
      "GET /hr/attendance/export.csv",
      "GET /hr/reports/payroll.csv",
      "GET /tds/register/export",
      "GET /transactions/export",
      // DECISIONS §15: the new logins with their one-time passwords, downloaded once.
      "POST /hr/employees/logins",
    ]);
  });

  for (const route of downloads) {
    const key = routeKey(route);
    it(`${key}: an attachment with a safe name, nosniff, Cache-Control no-store${isCsv(route) ? ", text/csv in UTF-8" : ""}`, async () => {
      const spec = await ROUTE_FIXTURES[key]!(world, { role: "SuperAdmin", user: superAdmin.user });
      const res = await sendCall(superAdmin.api.agent, route, spec);
      expect(res.status, `${key} → ${res.status} ${String(res.text).slice(0, 200)}`).toBe(200);
      if (isCsv(route)) expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(SAFE_DISPOSITION);
      if (isCsv(route)) expect(res.headers["content-disposition"]).toMatch(/\.csv"$/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("no-store");
      // Every XML file the product writes reads back under a strict XML 1.0 parser (DECISIONS §10).
      if (/xml/.test(String(res.headers["content-type"]))) assertWellFormedXml(bodyText(res));
    });
  }
});
