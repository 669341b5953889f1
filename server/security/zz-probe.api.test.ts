import { it } from "vitest";
import { createTestApp } from "../test/harness";
import { createApp } from "../app";
import { ROUTE_FIXTURES, routeKey, sendCall, World } from "../test/route-fixtures";
it("probe", async () => {
  const t = await createTestApp();
  const w = await World.create(t);
  const routes = createApp(t.deps).routes;
  const sa = await t.signIn("SuperAdmin");
  const caller = { role: "SuperAdmin" as const, user: sa.user };
  const agent = (r: any) => (r.access === "public" ? t.client().agent : sa.api.agent);
  for (const r of routes) {
    const k = routeKey(r);
    if (/:(id|token)/.test(r.path)) {
      const spec = await ROUTE_FIXTURES[k](w, caller);
      const name = r.path.includes(":token") ? "token" : "id";
      const res = await sendCall(agent(r), r, { ...spec, params: { ...spec.params, [name]: "------------------------------------" } });
      if (res.status >= 500) console.log("DASHID", k, res.status);
    }
    if (r.body && r.path !== "/hr/import/upload") {
      const spec = await ROUTE_FIXTURES[k](w, caller);
      const base = (spec.body ?? {}) as Record<string, unknown>;
      for (const key of Object.keys(base)) {
        if (typeof base[key] !== "string") continue;
        const s2 = await ROUTE_FIXTURES[k](w, caller);
        const res = await sendCall(agent(r), r, { ...s2, body: { ...(s2.body as object), [key]: `${base[key]}\u0000x` } });
        if (res.status >= 500) console.log("NUL", k, key, res.status);
      }
    }
    if (r.query) {
      const spec = await ROUTE_FIXTURES[k](w, caller);
      for (const key of ["search", "status", "month", "date", "action", "entityType", "categoryId", "employeeId", "department", "departmentId", "format", "from", "to", "createdBy", "page", "limit"]) {
        const res = await agent(r).get(`/api${r.path}?${new URLSearchParams({ ...(spec.query ?? {}), [key]: "ab\u0000c" })}`);
        if (res.status >= 500) console.log("QNUL", k, key, res.status);
      }
    }
  }
  const data = Buffer.from(["Employee Name,Date,Time,Event Type", "=cmd|' /C calc'!A0,2026-11-03,09:20,IN", "\u0000,\u0000,\u0000,\u0000", `${"N".repeat(10_000)},2026-11-04,09:00,IN`].join("\r\n"));
  const res = await sa.api.agent.post("/api/hr/import/upload").set({ "X-Requested-With": "XMLHttpRequest" }).field("month", "2026-11").attach("csvFile", data, { filename: "punches.csv", contentType: "text/csv" });
  console.log("CSV", res.status, JSON.stringify(res.body).slice(0, 400));
  await t.close();
}, 300000);
