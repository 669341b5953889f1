// Concurrent lockdown toggles (DECISIONS §3, issue 'proof'): the settings row is locked, so toggles
// apply one after the other. Whatever the interleaving, each change of state is audited exactly
// once and the audit trail's changes add up to the final state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import type { MadeUser } from "../test/factories";
import { auditLog } from "../db/schema";

type State = { enabled: boolean; activatedAt: string | null; activatedBy: string | null };

describe("concurrent lockdown toggles", () => {
  let t: TestApp;
  let admins: { user: MadeUser; api: ApiClient }[];
  beforeAll(async () => {
    t = await createTestApp();
    admins = [await t.signIn("SuperAdmin"), await t.signIn("SuperAdmin")];
  });
  afterAll(async () => {
    await admins?.[0]?.api.post("/api/admin/emergency-toggle", { enabled: false });
    await t?.close();
  });

  const toggle = (i: number, enabled: boolean) => admins[i % 2].api.post("/api/admin/emergency-toggle", { enabled });
  const status = async () => (await admins[0].api.get("/api/admin/emergency-status")).body as State;
  const changes = async () => {
    const rows = await t.db
      .select({ id: auditLog.id, action: auditLog.action, performedBy: auditLog.performedBy, before: auditLog.beforeData, after: auditLog.afterData })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "system"), inArray(auditLog.action, ["lockdown_on", "lockdown_off"])));
    return rows as { id: string; action: string; performedBy: string; before: State; after: State }[];
  };

  it("ten enables at once: all answer 200, one activation is recorded, and its time and author stay", async () => {
    expect((await status()).enabled).toBe(false);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => toggle(i, true)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const recorded = await changes();
    expect(recorded.filter((c) => c.action === "lockdown_on")).toHaveLength(1);
    const state = await status();
    expect(state.enabled).toBe(true);
    expect(state.activatedBy).toBe(recorded[0].performedBy);
    expect(state.activatedAt).toBe(recorded[0].after.activatedAt);
  });

  it("enables and disables interleaved: every recorded change really changed the state, and they add up to the final one", async () => {
    const before = await changes();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => toggle(i, i % 3 !== 0)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const seen = new Set(before.map((c) => c.id));
    const recorded = (await changes()).filter((c) => !seen.has(c.id));
    for (const c of recorded) expect(c.before.enabled).not.toBe(c.after.enabled);
    const ons = recorded.filter((c) => c.action === "lockdown_on").length;
    const offs = recorded.filter((c) => c.action === "lockdown_off").length;
    // It started enabled: each off then on pair returns to it.
    const final = await status();
    expect(ons - offs).toBe(final.enabled ? 0 : -1);
  });
});
