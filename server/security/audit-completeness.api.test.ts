// Audit completeness (DECISIONS §2: every mutation writes its audit entry in the same database
// transaction as the change; §7: the audit trail). Every mutating route (POST, PUT, PATCH, DELETE)
// declared by createApp(deps).routes is called once, as its least-privileged allowed role, with its
// valid fixture (server/test/route-fixtures.ts), and must answer a 2xx and add at least one
// audit_log row with the expected action, entity type, entity id and performer. The expectation
// table below is keyed like the fixtures; a mutating route added without an entry fails here.
import { afterAll, describe, expect, it } from "vitest";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Role } from "../../shared/constants";
import { createApp } from "../app";
import { attendanceImports, auditLog, settings, transactions, users, type UserRow } from "../db/schema";
import type { RouteDef } from "../routes/api-router";
import { createTestApp, type ApiClient } from "../test/harness";
import { makeUser, TEST_PASSWORD } from "../test/factories";
import { SoftAuthenticator } from "../test/soft-authenticator";
import { totpCodeAt } from "../auth/totp";
import { ROUTE_FIXTURES, routeKey, sendCall, World, type CallSpec } from "../test/route-fixtures";

const t = await createTestApp();
const world = await World.create(t);
const MUTATING = new Set(["post", "put", "patch", "delete"]);
const routes: RouteDef[] = [...createApp(t.deps).routes].filter((r) => MUTATING.has(r.method)).sort((a, b) => routeKey(a).localeCompare(routeKey(b)));

afterAll(async () => {
  await t.close();
});

type AuditRow = typeof auditLog.$inferSelect;
/** What the cell knows once the call has answered: the spec it sent, the answer, who called. */
type Done = { spec: CallSpec; body: any; caller: UserRow | null };

type Expectation =
  | {
      action: string;
      entityType: string;
      /** The entity id the entry must name; undefined: not checked (the route's answer does not carry it). */
      entityId?: (d: Done) => string | undefined | Promise<string | undefined>;
      /** Who the entry must name: the caller (default), another user, or a label instead of a user. */
      performer?: (d: Done) => Promise<{ performedBy: string | null; performerLabel?: string | null }>;
      /** Signed out; or the caller's role when not the least-privileged allowed one. */
      as?: Role | "signed-out";
      /** A change to the shared fixture's call (why, next to the entry). */
      adjust?: (spec: CallSpec) => CallSpec;
      /** State the call needs that the shared fixture cannot give (run just before counting). */
      before?: () => Promise<void>;
      /** A gap in the product: the cell runs as it.fails with this note until it is fixed. */
      gap?: string;
      /** A call that needs a session the shared ones cannot be (half signed in, a challenge asked for): who calls, and what. */
      session?: () => Promise<{ agent: ApiClient["agent"]; user: UserRow | null; spec: CallSpec }>;
    }
  | { none: string; session?: () => Promise<{ agent: ApiClient["agent"]; user: UserRow | null; spec: CallSpec }> };

/** A client that passed the password step of a user with an authenticator app (and a passkey), not the second. */
let lastHalf: { user: UserRow; agent: ApiClient["agent"]; secret: string } | null = null;
async function halfSignedIn(options: { passkey?: boolean } = {}) {
  const user = await makeUser(t.db, { role: "Approver" });
  const secret = await world.totp(user.id, { confirmed: true });
  if (options.passkey) await world.passkey(user.id);
  const api = t.client();
  const res = await api.post("/api/auth/login", { username: user.username, password: TEST_PASSWORD });
  expect(res.body.secondFactor).toBe("required");
  lastHalf = { user, agent: api.agent, secret };
  return lastHalf;
}

/** A session of this role that asked for registration options, and the software authenticator's answer to them. */
async function passkeyRegistration(role: Role) {
  const s = await t.signIn(role);
  const options = await s.api.post("/api/account/passkeys/options");
  const device = new SoftAuthenticator(t.config.rpId, t.config.webauthnOrigins[0]);
  return { agent: s.api.agent, user: s.user, spec: { body: { name: "Audit phone", response: device.register(options.body) } } };
}

const param =
  (name = "id") =>
  (d: Done) =>
    d.spec.params?.[name];
const answered = (d: Done) => d.body?.id as string | undefined;
const caller = (d: Done) => d.caller?.id;
const fixed = (value: string) => () => value;

/** Every mutating route and the audit entry its call must leave (action names as the services write them). */
const EXPECTED: Record<string, Expectation> = {
  // ---------------------------------------------------------------- sign-in, lockdown
  "POST /auth/login": {
    action: "login",
    entityType: "session",
    as: "signed-out",
    entityId: async (d) => (await userNamed((d.spec.body as { username: string }).username)).id,
    performer: async (d) => ({ performedBy: (await userNamed((d.spec.body as { username: string }).username)).id }),
  },
  // The second step of sign-in is where the sign-in is audited (the password step only is not).
  "POST /auth/second-factor": {
    action: "login",
    entityType: "session",
    as: "signed-out",
    session: async () => {
      const half = await halfSignedIn();
      return { agent: half.agent, user: null, spec: { body: { method: "totp", code: totpCodeAt(half.secret, new Date()) } } };
    },
    entityId: () => lastHalf!.user.id,
    performer: async () => ({ performedBy: lastHalf!.user.id }),
  },
  "POST /auth/second-factor/options": {
    none: "issues a passkey challenge kept in the session; nothing is stored",
    session: async () => {
      const half = await halfSignedIn({ passkey: true });
      return { agent: half.agent, user: null, spec: {} };
    },
  },
  // Public (it answers signed out too), but only a signed-in sign-out has someone to audit: a
  // throwaway session of the least-privileged role.
  "POST /auth/logout": { action: "logout", entityType: "session", entityId: caller, as: "Approver" },
  // Turning lockdown off only changes (and audits) anything when it is on: switch it on underneath
  // first (directly, so no other session of this suite is ended).
  "POST /admin/emergency-toggle": {
    action: "lockdown_off",
    entityType: "system",
    entityId: fixed("lockdown"),
    as: "SuperAdmin",
    before: async () => {
      const on = { enabled: true, activatedAt: new Date().toISOString(), activatedBy: world.superAdmin.id };
      await t.db
        .insert(settings)
        .values({ key: "lockdown", value: on })
        .onConflictDoUpdate({ target: settings.key, set: { value: on } });
    },
  },

  // ---------------------------------------------------------------- transactions
  // A query sent by POST (its filters are a body): it changes nothing, so it writes nothing.
  "POST /transactions/check-duplicates": { none: "read-only query sent as POST" },
  "POST /transactions/bulk-approve": { action: "approve", entityType: "transaction", entityId: (d) => (d.spec.body as { ids: string[] }).ids[0] },
  "POST /transactions": { action: "create", entityType: "transaction", entityId: answered },
  "PATCH /transactions/:id": { action: "update", entityType: "transaction", entityId: param() },
  "POST /transactions/:id/submit": { action: "submit", entityType: "transaction", entityId: param() },
  "POST /transactions/:id/approve": { action: "approve", entityType: "transaction", entityId: param() },
  "POST /transactions/:id/reject": { action: "reject", entityType: "transaction", entityId: param() },
  // The approval row is gone; the entry is on its transaction (the answer), with the approval in before_data.
  "DELETE /approvals/:id": { action: "delete_approval", entityType: "transaction", entityId: answered },
  "POST /transactions/:id/mark-payment-due": { action: "mark_payment_due", entityType: "transaction", entityId: param() },
  "PATCH /transactions/:id/payment": { action: "process_payment", entityType: "transaction", entityId: param() },
  "POST /transactions/:id/complete": { action: "complete", entityType: "transaction", entityId: param() },
  "DELETE /transactions/:id": { action: "delete", entityType: "transaction", entityId: param() },
  "PUT /admin/transactions/:id/full-override": { action: "full_override", entityType: "transaction", entityId: param() },
  "POST /admin/transactions/:id/force-status": { action: "force_status", entityType: "transaction", entityId: param() },
  "POST /admin/transactions/:id/change-owner": { action: "change_owner", entityType: "transaction", entityId: param() },

  // ---------------------------------------------------------------- attachments
  // Issuing a signed URL stores nothing (the URL is an HMAC, no row is written); the audited step
  // is the registration (POST /transactions/:id/attachments) once the bytes are there.
  "POST /transactions/:id/attachments/upload-url": { none: "issues a signed URL only; nothing is stored" },
  "POST /transactions/:id/attachments": { action: "create", entityType: "attachment", entityId: answered },
  "DELETE /attachments/:id": { action: "delete", entityType: "attachment", entityId: param() },
  // The signed PUT only stores bytes under an unguessable object path (no row refers to them until
  // registration, which is audited above); it has no signed-in performer to name either.
  "PUT /uploads/*objectPath": { none: "stores bytes only; registration is the audited step" },

  // ---------------------------------------------------------------- notifications, emergency
  "POST /notifications/read-all": {
    action: "read_notifications",
    entityType: "user",
    entityId: caller,
  },
  "DELETE /notifications": { action: "clear_notifications", entityType: "user", entityId: caller },
  "POST /transactions/:id/emergency-links": { action: "issue_emergency_links", entityType: "emergency_link", entityId: param() },
  "PUT /admin/emergency-approvers": { action: "update", entityType: "setting", entityId: fixed("emergency_approvers") },
  "PUT /admin/emergency-approvers/:code/pin": { action: "set_emergency_pin", entityType: "setting", entityId: fixed("emergency_approvers") },
  // The fixture's token is the reject link; the entry names the approver code, not a user.
  "POST /emergency-approval/:token": {
    action: "emergency_reject",
    entityType: "transaction",
    as: "signed-out",
    entityId: async (d) => {
      const [row] = await t.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.humanReadableId, d.body.transaction.humanReadableId));
      return row?.id;
    },
    performer: async (d) => ({ performedBy: null, performerLabel: (d.spec.body as { approverName: string }).approverName }),
  },

  // ---------------------------------------------------------------- books
  "PUT /admin/ledgers": { action: "update", entityType: "setting", entityId: fixed("ledgers") },
  "POST /accounting/exports": { action: "export_created", entityType: "export_batch", entityId: answered },
  "POST /accounting/exports/:id/void": { action: "export_voided", entityType: "export_batch", entityId: param() },

  // ---------------------------------------------------------------- administration
  "POST /categories": { action: "create", entityType: "category", entityId: answered },
  "PUT /categories/:id": { action: "update", entityType: "category", entityId: param() },
  "PUT /categories/:id/fields": { action: "update_fields", entityType: "category", entityId: param() },
  "DELETE /categories/:id": { action: "delete", entityType: "category", entityId: param() },
  "POST /admin/users": { action: "create", entityType: "user", entityId: answered },
  "PUT /admin/users/:id": { action: "update", entityType: "user", entityId: param() },
  "PUT /admin/users/:id/username": { action: "update", entityType: "user", entityId: param() },
  "PUT /admin/users/:id/password": { action: "password_reset", entityType: "user", entityId: param() },
  "POST /admin/users/:id/reset-password": { action: "password_reset", entityType: "user", entityId: param() },
  "PATCH /admin/users/:id/status": { action: "disable", entityType: "user", entityId: param() },
  "DELETE /admin/users/:id": { action: "delete", entityType: "user", entityId: param() },

  // ---------------------------------------------------------------- second factor (DECISIONS §13)
  "POST /account/passkeys/options": { none: "issues a registration challenge kept in the session; nothing is stored" },
  // Reach (DECISIONS §14): where a person's notifications go, and what they are told.
  "POST /account/push-subscriptions": { action: "push_device_saved", entityType: "user", entityId: caller },
  "DELETE /account/push-subscriptions/:id": { action: "push_device_removed", entityType: "user", entityId: caller },
  "PUT /account/notification-preferences": { action: "notification_preferences", entityType: "user", entityId: caller },
  "POST /account/notification-test": { none: "queues a test message to the caller's own device; nothing of theirs changes" },
  "POST /account/passkeys": { action: "passkey_add", entityType: "user", entityId: caller, session: () => passkeyRegistration("Accountant") },
  "DELETE /account/passkeys/:id": { action: "passkey_remove", entityType: "user", entityId: caller },
  "POST /account/totp/setup": { none: "stores a pending secret that is off until confirmed; the confirmation is the audited step" },
  "POST /account/totp/confirm": { action: "totp_enable", entityType: "user", entityId: caller },
  "DELETE /account/totp": { action: "totp_remove", entityType: "user", entityId: caller },
  "POST /account/recovery-codes": { action: "recovery_codes_regenerate", entityType: "user", entityId: caller },
  "POST /account/password": { action: "password_change", entityType: "user", entityId: caller },
  "POST /account/verify": { action: "verify_identity", entityType: "session", entityId: caller },
  "POST /account/verify/options": { none: "issues a passkey challenge kept in the session; nothing is stored" },
  "PUT /admin/security": { action: "security_settings_update", entityType: "system", entityId: fixed("security") },
  "POST /admin/users/:id/second-factor/reset": { action: "second_factor_reset", entityType: "user", entityId: param() },
  "POST /admin/approval-rules": { action: "create", entityType: "approval_rule", entityId: answered },
  "PUT /admin/approval-rules/:id": { action: "update", entityType: "approval_rule", entityId: param() },
  "DELETE /admin/approval-rules/:id": { action: "delete", entityType: "approval_rule", entityId: param() },
  "POST /delegations": { action: "create", entityType: "delegation", entityId: answered },
  "DELETE /delegations/:id": { action: "end", entityType: "delegation", entityId: param() },
  "POST /approval-rules/preview": { none: "read-only question sent as POST: what a submission would need now" },
  "POST /admin/tds-natures": { action: "create", entityType: "tds_nature", entityId: answered },
  "PUT /admin/tds-natures/:id": { action: "update", entityType: "tds_nature", entityId: param() },
  "DELETE /admin/tds-natures/:id": { action: "delete", entityType: "tds_nature", entityId: param() },
  "POST /tds/preview": { none: "read-only question sent as POST: what a bill would deduct now" },
  "PUT /admin/company": { action: "update", entityType: "setting", entityId: fixed("company") },
  "POST /parties": { action: "create", entityType: "party", entityId: answered },
  "PATCH /parties/:id": { action: "update", entityType: "party", entityId: param() },
  "POST /admin/budgets": { action: "create", entityType: "budget", entityId: answered },
  "PUT /admin/budgets/:id": { action: "update", entityType: "budget", entityId: param() },
  "DELETE /admin/budgets/:id": { action: "delete", entityType: "budget", entityId: param() },

  // ---------------------------------------------------------------- HR
  "POST /hr/employees": { action: "create", entityType: "employee", entityId: answered },
  "PUT /hr/employees/:id": { action: "update", entityType: "employee", entityId: param() },
  "POST /hr/employees/:id/login": { action: "login_give", entityType: "employee", entityId: param() },
  "DELETE /hr/employees/:id/login": { action: "login_unlink", entityType: "employee", entityId: param() },
  "POST /hr/employees/logins": { action: "logins_give_bulk", entityType: "employee" },
  "POST /me/leave-requests": { action: "request", entityType: "leave_request", entityId: answered },
  "DELETE /me/leave-requests/:id": { action: "withdraw", entityType: "leave_request", entityId: param() },
  "POST /me/regularisations": { action: "request", entityType: "regularisation", entityId: answered },
  "POST /hr/leave-requests/:id/approve": { action: "approve", entityType: "leave_request", entityId: param() },
  "POST /hr/leave-requests/:id/reject": { action: "reject", entityType: "leave_request", entityId: param() },
  "POST /hr/regularisations/:id/approve": { action: "approve", entityType: "regularisation", entityId: param() },
  "POST /hr/regularisations/:id/reject": { action: "reject", entityType: "regularisation", entityId: param() },
  "POST /hr/departments": { action: "create", entityType: "department", entityId: answered },
  "PUT /hr/departments/:id": { action: "update", entityType: "department", entityId: param() },
  "PUT /hr/attendance-policy": { action: "update", entityType: "attendance_policy", entityId: fixed("1") },
  "PUT /hr/attendance/:id": { action: "update", entityType: "attendance", entityId: param() },
  "POST /hr/leaves": { action: "record_leave", entityType: "leave", entityId: (d: Done) => (d.body as { leave?: { id: string } } | undefined)?.leave?.id },
  "DELETE /hr/leaves/:id": { action: "cancel_leave", entityType: "leave", entityId: param() },
  // The shared fixture is a dry run, which stores nothing: its whole transaction, 'dry_run' audit
  // entry included, is rolled back (see the cell after this table). The mutation is the real
  // import, so this cell sends the same file with dryRun=false; the entry names the import record.
  "POST /hr/import/upload": {
    action: "import",
    entityType: "import",
    adjust: (spec) => ({ ...spec, multipart: { ...spec.multipart!, fields: { ...spec.multipart!.fields, dryRun: "false" } } }),
    entityId: async () => (await t.db.select({ id: attendanceImports.id }).from(attendanceImports).orderBy(desc(attendanceImports.createdAt)).limit(1))[0]?.id,
  },
  "POST /hr/name-mappings": { action: "create", entityType: "name_mapping", entityId: answered },
  "DELETE /hr/name-mappings/:id": { action: "delete", entityType: "name_mapping", entityId: param() },
};

/** Least privilege first: the first of these the route allows is the caller. */
const PREFERENCE: Role[] = ["HR Staff", "Approver", "Accountant", "HR Admin", "SuperAdmin"];

function callerRole(route: RouteDef, e: Expectation): Role | "signed-out" {
  if ("as" in e && e.as) return e.as;
  if (route.access === "public") return "signed-out";
  if (route.access === "signed-in") return "Accountant";
  const access = route.access;
  return PREFERENCE.find((r) => access.includes(r)) ?? "SuperAdmin";
}

async function userNamed(username: string): Promise<UserRow> {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

const signedIn = new Map<Role, { user: UserRow; api: ApiClient }>();
async function session(role: Role) {
  let s = signedIn.get(role);
  if (!s) {
    s = await t.signIn(role);
    signedIn.set(role, s);
  }
  return s;
}

async function auditCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditLog);
  return Number(row.n);
}

/** The rows added since `before` rows were there: the newest ones by timestamp. */
async function newestEntries(n: number): Promise<AuditRow[]> {
  if (n <= 0) return [];
  return t.db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.timestamp), sql`${auditLog.id}`)
    .limit(n);
}

const show = (rows: AuditRow[]) =>
  JSON.stringify(
    rows.map((r) => ({ action: r.action, entityType: r.entityType, entityId: r.entityId, performedBy: r.performedBy, performerLabel: r.performerLabel })),
  );

describe("the audit expectation table", () => {
  it("every mutating route has an expectation, and every expectation names a declared mutating route", () => {
    const declared = routes.map(routeKey);
    expect(declared.length).toBeGreaterThan(0);
    expect(
      declared.filter((k) => !EXPECTED[k]),
      "mutating routes without an entry in EXPECTED (audit-completeness)",
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((k) => !declared.includes(k)),
      "expectations of routes that are not declared (or not mutating)",
    ).toEqual([]);
  });
});

describe("every mutating route writes its audit entry (DECISIONS §2, §7)", () => {
  for (const route of routes) {
    const key = routeKey(route);
    const e = EXPECTED[key];
    if (!e) continue; // reported by the table test above
    const role = callerRole(route, e);
    const title = `${key} as ${role}${"none" in e ? " → no entry (" + e.none + ")" : ` → ${e.action} ${e.entityType}`}`;
    const test = "gap" in e && e.gap ? it.fails : it;
    test(title + ("gap" in e && e.gap ? ` [gap: ${e.gap}]` : ""), async () => {
      const fixture = ROUTE_FIXTURES[key];
      expect(fixture, `no fixture for ${key}`).toBeDefined();

      // Who calls: signed out; a throwaway session for calls that end theirs; else one per role.
      let agent: ApiClient["agent"];
      let user: UserRow | null = null;
      let prepared: CallSpec | null = null;
      if (e.session) {
        ({ agent, user, spec: prepared } = await e.session());
      } else if (role === "signed-out") {
        agent = t.client().agent;
      } else {
        const s = route.path === "/auth/logout" ? await t.signIn(role) : await session(role);
        agent = s.api.agent;
        user = s.user;
      }
      const built = prepared ?? (await fixture(world, role === "signed-out" ? null : { role, user: user! }));
      const spec = !("none" in e) && e.adjust ? e.adjust(built) : built;
      if (!("none" in e) && e.before) await e.before();

      const before = await auditCount();
      const res = await sendCall(agent, route, spec);
      const detail = `${key} as ${role} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
      expect(res.status >= 200 && res.status < 300, `${detail} (expected a 2xx)`).toBe(true);
      const added = (await auditCount()) - before;
      const rows = await newestEntries(added);

      if ("none" in e) {
        expect(rows, `${key} was expected to write no audit entry (${e.none}); it wrote ${show(rows)}`).toEqual([]);
        return;
      }

      const done: Done = { spec, body: res.body, caller: user };
      expect(added, `${key} added no audit_log row`).toBeGreaterThan(0);
      const entityId = e.entityId ? await e.entityId(done) : undefined;
      const performer = e.performer ? await e.performer(done) : { performedBy: user!.id, performerLabel: undefined };
      const matching = rows.filter((r) => r.action === e.action && r.entityType === e.entityType);
      expect(matching.length, `${key}: no new row with action '${e.action}' and entity type '${e.entityType}'; new rows: ${show(rows)}`).toBeGreaterThan(0);
      if (e.entityId) {
        expect(entityId, `${key}: the expected entity id could not be worked out from the call`).toBeTruthy();
        expect(
          matching.map((r) => r.entityId),
          `${key}: entity id`,
        ).toContain(entityId);
      }
      const entry = matching.find((r) => !e.entityId || r.entityId === entityId)!;
      expect(entry.performedBy, `${key}: performed_by`).toBe(performer.performedBy);
      if (performer.performerLabel !== undefined) expect(entry.performerLabel, `${key}: performer_label`).toBe(performer.performerLabel);
    });
  }
});

describe("dry runs", () => {
  it("POST /hr/import/upload with dryRun=true stores nothing, its 'dry_run' audit entry included (rolled back with the rest)", async () => {
    const s = await session("HR Staff");
    const route = routes.find((r) => routeKey(r) === "POST /hr/import/upload")!;
    const spec = await ROUTE_FIXTURES["POST /hr/import/upload"](world, { role: "HR Staff", user: s.user });
    expect(spec.multipart?.fields.dryRun).toBe("true");
    const before = await auditCount();
    const res = await sendCall(s.api.agent, route, spec);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await newestEntries((await auditCount()) - before)).toEqual([]);
  });
});
