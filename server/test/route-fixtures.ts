// One valid call per API route, for the security suites (server/security): the permission matrix
// calls each route as every role and signed out; the hostile-input suite mutates these bodies and
// queries. Keyed by `${METHOD} ${path}` exactly as createApp(deps).routes declares them, so a new
// route without a fixture fails the matrix. Each fixture is a function that makes the rows its call
// needs (fresh ones, owned by the caller where ownership matters), so no cell leaks into another.
import { actingContext } from "../services/context";
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, isNull, sql } from "drizzle-orm";
import { newTotpSecret, totpCodeAt } from "../auth/totp";
import { usernameKey } from "../lib/username-key";
import { addDays } from "../../shared/calendar";
import { toIsoDate } from "../../shared/format";
import { SoftAuthenticator } from "./soft-authenticator";
import { ensureVapidKeys } from "../services/delivery/push";
import type { Role } from "../../shared/constants";
import {
  approvals,
  attachments,
  attendanceDays,
  approvalRules,
  delegations,
  budgets,
  categories,
  departments,
  employees,
  leaves,
  leaveRequests,
  loginFailures,
  regularisations,
  nameMappings,
  notifications,
  passkeys,
  pushSubscriptions,
  totpSecrets,
  parties,
  tdsNatures,
  transactions,
  uploadGrants,
  users,
  type TransactionRow,
  type UserRow,
} from "../db/schema";
import type { RouteDef } from "../routes/api-router";
import { issueEmergencyLinks } from "../services/transactions/emergency";
import { createExport } from "../services/books/exports";
import { approverPinStatus, setApproverPin } from "../services/emergency-approvers";
import { newAttachmentObjectPath } from "../storage/object-store";
import type { LocalObjectStore } from "../storage/local";
import { makeUser, TEST_PASSWORD, uniqueGstin } from "./factories";
import { CSRF_HEADER, type TestApp } from "./harness";
import type { Agent, Test } from "supertest";

export type Caller = { role: Role; user: UserRow } | null;

/** The emergency approver PIN the fixtures give the code AK. */
export const FIXTURE_PIN = "246810";

/** What a cell sends. `params` fill the path; `raw` replaces the JSON body; `multipart` replaces it with a form. */
export type CallSpec = {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  raw?: { contentType: string; data: Buffer | string };
  multipart?: { fields: Record<string, string>; file?: { field: string; name: string; contentType: string; data: Buffer } };
  /** The full URL (path and query) instead of one built from path and params (signed upload URLs). */
  url?: string;
  /** The answer expected of this allowed caller when it is not a plain 2xx (why, in `because`). */
  expect?: number;
  because?: string;
  /** The call ends the caller's session (logout): the matrix signs in a throwaway user for it. */
  endsSession?: boolean;
};

export type RouteFixture = (w: World, caller: Caller) => Promise<CallSpec>;

export const routeKey = (r: Pick<RouteDef, "method" | "path">) => `${r.method.toUpperCase()} ${r.path}`;

/** The path with its params filled in (`:id`, and `*splat` as several segments). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/[:*]([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return path.includes(`*${name}`) ? value : encodeURIComponent(value);
  });
}

export const DAY_MS = 86_400_000;
const hex = () => crypto.randomBytes(4).toString("hex");

/** A browser's P-256 key and auth secret, well formed (the matrix's devices are never sent to). */
const MATRIX_PUSH_KEYS = { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" };
/** A date this many days from now (UTC; a day or more ahead is after today in any time zone). */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The rows the fixtures build on, and makers of fresh ones. */
export class World {
  constructor(
    readonly t: TestApp,
    /** An Accountant who owns the transactions everyone may see (recent, not the caller's). */
    readonly accountant: UserRow,
    readonly superAdmin: UserRow,
    readonly categoryId: string,
    readonly department: { id: string },
    readonly employee: { id: string },
  ) {}

  static async create(t: TestApp): Promise<World> {
    const accountant = await makeUser(t.db, { role: "Accountant" });
    const superAdmin = await makeUser(t.db, { role: "SuperAdmin" });
    const [category] = await t.db
      .select()
      .from(categories)
      .where(sql`${categories.name} = 'Office Expenses'`);
    const [department] = await t.db
      .insert(departments)
      .values({ name: `Dept ${hex()}` })
      .returning();
    const [employee] = await t.db
      .insert(employees)
      .values({
        employeeName: `Employee ${hex()}`,
        employeeCode: `E${hex()}`,
        departmentId: department.id,
        joiningDate: "2025-01-01",
        monthlySalary: "30000.00",
      })
      .returning();
    return new World(t, accountant, superAdmin, category.id, department, employee);
  }

  get db() {
    return this.t.db;
  }

  /** Whose transaction a caller acts on: the caller's own, or the world's Accountant's when signed out. */
  owner(caller: Caller): UserRow {
    return caller?.user ?? this.accountant;
  }

  async txn(values: { createdBy: string } & Partial<typeof transactions.$inferInsert>): Promise<TransactionRow> {
    const status = values.status ?? "Draft";
    const [row] = await this.db
      .insert(transactions)
      .values({
        formType: "R",
        categoryId: this.categoryId,
        amount: "1000.00",
        transactionDate: "2026-11-10",
        description: `Matrix ${hex()}`,
        approvalRound: status === "Draft" ? 0 : 1,
        approvalsRequired: 1,
        isPaid: status === "Paid" || status === "Completed",
        submittedAt: status === "Draft" ? null : new Date(),
        ...values,
        status,
      })
      .returning();
    return row;
  }

  /** A Pending transaction of the world's Accountant (so any Approver or SuperAdmin may act on it). */
  pendingOfOther(extra: Partial<typeof transactions.$inferInsert> = {}) {
    return this.txn({ createdBy: this.accountant.id, status: "Pending", ...extra });
  }

  async user(role: Role = "Accountant"): Promise<UserRow> {
    return makeUser(this.db, { role });
  }

  /** A passkey row of this user (its key is never checked by the calls that use it). */
  /** A push device of this user (a well-formed subscription to a push service nobody answers). */
  async pushDevice(userId: string): Promise<string> {
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: `https://push.example.test/send/${crypto.randomBytes(8).toString("hex")}`,
        p256dh: MATRIX_PUSH_KEYS.p256dh,
        auth: MATRIX_PUSH_KEYS.auth,
        label: "Matrix device",
      })
      .returning();
    return row!.id;
  }

  async passkey(userId: string): Promise<string> {
    const [row] = await this.db
      .insert(passkeys)
      .values({ userId, credentialId: crypto.randomBytes(16).toString("base64url"), publicKey: "AA", name: "Matrix key" })
      .returning();
    return row.id;
  }

  /**
   * The caller's sessions proved who they are just now (DECISIONS §13: a change to one's own factors
   * needs a proof from the last 5 minutes), however long the file has run since they signed in.
   */
  async provedNow(caller: Caller): Promise<void> {
    if (!caller) return;
    const at = this.t.deps.clock().getTime();
    await this.db.execute(sql`update sessions set sess = sess || jsonb_build_object('provedAt', ${at}::bigint) where user_id = ${caller.user.id}`);
  }

  /** An authenticator app of this user, pending or confirmed, replacing theirs; answers the secret. */
  async totp(userId: string, { confirmed }: { confirmed: boolean }): Promise<string> {
    const secret = newTotpSecret();
    const values = { secret, confirmedAt: confirmed ? new Date() : null, lastUsedStep: null };
    await this.db
      .insert(totpSecrets)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: totpSecrets.userId, set: values });
    return secret;
  }

  async category(): Promise<string> {
    const [row] = await this.db
      .insert(categories)
      .values({ name: `Matrix category ${hex()}` })
      .returning();
    return row.id;
  }

  async budget(): Promise<string> {
    const [row] = await this.db
      .insert(budgets)
      .values({ name: `Budget ${hex()}`, amount: "50000.00", startDate: "2026-11-01", endDate: "2026-11-30", categoryId: this.categoryId })
      .returning();
    return row.id;
  }

  /** A delegation from `delegatorId` to a fresh Approver, starting tomorrow for two days. */
  async delegation(delegatorId: string): Promise<string> {
    const delegate = await this.user("Approver");
    const [row] = await this.db
      .insert(delegations)
      .values({ delegatorId, delegateId: delegate.id, fromDate: dayFromNow(1), toDate: dayFromNow(2), reason: "Matrix leave", createdBy: delegatorId })
      .returning();
    return row.id;
  }

  /** Ends every open delegation of this delegator, so a fixture's new one never overlaps an earlier call's. */
  async freeDelegator(delegatorId: string): Promise<void> {
    await this.db
      .update(delegations)
      .set({ endedAt: new Date() })
      .where(and(eq(delegations.delegatorId, delegatorId), isNull(delegations.endedAt)));
  }

  async approvalRule(): Promise<string> {
    const [row] = await this.db
      .insert(approvalRules)
      .values({ name: `Rule ${hex()}`, minAmount: "100000.00", requiredApprovals: 2 })
      .returning();
    return row.id;
  }

  async tdsNature(): Promise<string> {
    const [row] = await this.db
      .insert(tdsNatures)
      .values({
        name: `Nature ${hex()}`,
        legacySection: "194C",
        actReference: "393(1) Table Sl. 6(i)",
        rateIndividual: "1",
        rateOther: "2",
        singleThreshold: "30000",
        yearlyThreshold: "100000",
        ledgerName: `TDS ${hex()}`,
      })
      .returning();
    return row!.id;
  }

  async party(): Promise<string> {
    const [row] = await this.db
      .insert(parties)
      .values({ name: `Party ${hex()}`, ...uniqueGstin("27") })
      .returning();
    return row.id;
  }

  async attendanceDay(): Promise<string> {
    const [employee] = await this.db
      .insert(employees)
      .values({ employeeName: `Employee ${hex()}`, departmentId: this.department.id, joiningDate: "2025-01-01" })
      .returning();
    const [row] = await this.db.insert(attendanceDays).values({ employeeId: employee.id, date: "2026-11-03", dayStatus: "Absent (Unpaid)" }).returning();
    return row.id;
  }

  /**
   * DECISIONS §15: the caller's login linked to a fresh employee (the session reads the link on
   * every request), so a /me call acts on an employee of its own; answers that employee's id.
   */
  /**
   * A transaction of the caller's own (the world's Accountant's when signed out). An Employee
   * login's own is an expense claim (DECISIONS §15): in a category open to claims, Form B, for the
   * employee linked to it.
   */
  async ownTxn(caller: Caller, values: Partial<typeof transactions.$inferInsert> = {}): Promise<TransactionRow> {
    if (caller?.role !== "Employee") return this.txn({ createdBy: this.owner(caller).id, ...values });
    const employeeId = await this.linkCaller(caller);
    return this.txn({
      createdBy: caller.user.id,
      formType: "B",
      categoryId: await this.claimsCategory(),
      claimantEmployeeId: employeeId,
      claimantName: `Matrix claimant ${hex()}`,
      ...values,
    });
  }

  /** A category open to expense claims (DECISIONS §15). */
  async claimsCategory(): Promise<string> {
    const [row] = await this.db
      .insert(categories)
      .values({ name: `Matrix claims ${hex()}`, openToClaims: true })
      .returning();
    return row.id;
  }

  /** A transaction the caller may read: an Employee's own claim; for everyone else the world's Accountant's. */
  readableTxn(caller: Caller): Promise<TransactionRow> {
    return caller?.role === "Employee" ? this.ownTxn(caller) : this.txn({ createdBy: this.accountant.id });
  }

  async linkCaller(caller: Caller): Promise<string> {
    const employeeId = await this.freshEmployee();
    if (caller) await this.db.update(users).set({ employeeId }).where(eq(users.id, caller.user.id));
    return employeeId;
  }

  /** The caller's failed sign-ins (a wrong current password counts as one) are forgotten, so the throttle does not carry across cells. */
  async forgetFailedSignIns(caller: Caller): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.username, usernameKey(this.owner(caller).username)));
  }

  /** A day `days` from today in the app's time zone. */
  dayFromToday(days: number): string {
    return addDays(toIsoDate(this.t.deps.clock(), this.t.config.appTimezone), days);
  }

  /** A pending leave request (LWP, a week a month ahead) of an employee. */
  async leaveRequest(employeeId: string): Promise<string> {
    const [row] = await this.db
      .insert(leaveRequests)
      .values({ employeeId, type: "LWP", fromDate: this.dayFromToday(30), toDate: this.dayFromToday(36), reason: "Family function" })
      .returning();
    return row!.id;
  }

  /** A pending regularisation of yesterday. */
  async regularisation(employeeId: string): Promise<string> {
    const [row] = await this.db
      .insert(regularisations)
      .values({ employeeId, date: this.dayFromToday(-1), punchIn: "09:30", reason: "Reader was down" })
      .returning();
    return row!.id;
  }

  /** A fresh employee, so a call that records leave never overlaps an earlier call's leave. */
  async freshEmployee(): Promise<string> {
    const [employee] = await this.db
      .insert(employees)
      .values({ employeeName: `Employee ${hex()}`, departmentId: this.department.id, joiningDate: "2025-01-01" })
      .returning();
    return employee.id;
  }

  /** A recorded leave (inserted as the register stores it), to cancel. */
  async leave(): Promise<string> {
    const [row] = await this.db
      .insert(leaves)
      .values({ employeeId: await this.freshEmployee(), type: "LWP", fromDate: "2026-11-03", toDate: "2026-11-04", reason: "Family function" })
      .returning();
    return row.id;
  }

  async nameMapping(): Promise<string> {
    const name = `Punch ${hex()}`;
    const [row] = await this.db
      .insert(nameMappings)
      .values({ csvName: name, nameKey: name.toLowerCase().replace(/\s+/g, ""), employeeId: this.employee.id })
      .returning();
    return row.id;
  }

  private paidDays = 0;

  /**
   * A day on which exactly one transaction was paid, a new day each call (from 2001-01-01 on), so
   * an export of that day always has its own transaction to take.
   */
  async paidDay(): Promise<string> {
    const day = new Date(Date.UTC(2001, 0, 1) + this.paidDays++ * DAY_MS).toISOString().slice(0, 10);
    await this.txn({ createdBy: this.accountant.id, status: "Paid", formType: "B", paidDate: day, paymentMethod: "Bank Transfer", paidBy: this.accountant.id });
    return day;
  }

  /** A live export batch of one paid transaction, made by the world's SuperAdmin. */
  async exportBatch(): Promise<string> {
    const s = this.superAdmin;
    const actor = { id: s.id, role: s.role, name: s.name, username: s.username, visibilityWindowDays: s.visibilityWindowDays };
    const day = await this.paidDay();
    const batch = await createExport(actingContext(this.t.deps, actor), { from: day, to: day, format: "csv" });
    return batch.id;
  }

  /** An object really stored, and (unless `register` is false) its attachment row. */
  async storedObject(transactionId: string, register = true): Promise<{ objectPath: string; size: number; attachmentId?: string }> {
    const objectPath = newAttachmentObjectPath(transactionId, crypto.randomUUID());
    const data = Buffer.from("%PDF-1.4 matrix fixture\n");
    await (this.t.deps.storage as LocalObjectStore).receive(objectPath, Readable.from([data]), { contentType: "application/pdf", maxBytes: 1024 * 1024 });
    if (!register) return { objectPath, size: data.length };
    const [row] = await this.db
      .insert(attachments)
      .values({ transactionId, fileName: "receipt.pdf", objectPath, mimeType: "application/pdf", fileSizeBytes: data.length })
      .returning();
    return { objectPath, size: data.length, attachmentId: row.id };
  }

  /** A fresh emergency link pair for a Pending emergency transaction; answers the tokens. AK has the PIN FIXTURE_PIN. */
  async emergencyTokens(): Promise<{ approve: string; reject: string }> {
    const txn = await this.txn({ createdBy: this.superAdmin.id, status: "Pending", isEmergency: true });
    const s = this.superAdmin;
    const actor = { id: s.id, role: s.role, name: s.name, username: s.username, visibilityWindowDays: s.visibilityWindowDays };
    if (!(await approverPinStatus(this.db, ["AK"])).AK) await setApproverPin({ db: this.db, clock: this.t.deps.clock, actor, ip: null }, "AK", FIXTURE_PIN);
    const links = await issueEmergencyLinks(actingContext(this.t.deps, actor), txn.id);
    const token = (url: string) => url.split("/").pop()!;
    return { approve: token(links.approveUrl), reject: token(links.rejectUrl) };
  }
}

const csv = (rows: string[]) => Buffer.from(["Employee Name,Date,Time,Event Type", ...rows].join("\n") + "\n");

/** Every route's valid call. The matrix fails when a declared route is missing here (or one here is not declared). */
export const ROUTE_FIXTURES: Record<string, RouteFixture> = {
  // ---------------------------------------------------------------- sign-in, lockdown
  "POST /auth/login": async (w) => {
    const user = await w.user("Approver");
    // Signing in replaces the session it runs in: the matrix gives it a throwaway one.
    return { body: { username: user.username, password: "password123" }, endsSession: true };
  },
  "POST /auth/logout": async () => ({ endsSession: true }),
  "GET /auth/me": async () => ({}),
  "GET /auth/session": async () => ({}),
  // The second step needs a half-signed-in session (password step done): the matrix's sessions are
  // fully signed in or signed out, so both answer 401. server/routes/second-factor.api.test.ts and
  // passkeys.api.test.ts prove the happy paths; audit-completeness makes its own half session.
  "POST /auth/second-factor/options": async () => ({ expect: 401, because: "no sign-in waits for a second step in this session" }),
  "POST /auth/second-factor": async () => ({
    body: { method: "totp", code: "123456" },
    expect: 401,
    because: "no sign-in waits for a second step in this session",
  }),
  "GET /health": async () => ({}),
  "GET /config": async () => ({}),
  "GET /admin/emergency-status": async () => ({}),
  // Turning lockdown off is the harmless direction (on would end every other cell's session).
  "POST /admin/emergency-toggle": async () => ({ body: { enabled: false } }),

  // ---------------------------------------------------------------- transactions: reading
  "GET /transactions": async () => ({ query: { search: "Matrix", status: "all", page: "1", limit: "10" } }),
  "GET /transactions/export": async () => ({ query: { format: "csv", status: "Draft" } }),
  "GET /transactions/pending": async () => ({}),
  "POST /transactions/check-duplicates": async (w) => ({ body: { categoryId: w.categoryId, amount: "1000.00", transactionDate: "2026-11-10" } }),
  "POST /transactions/bulk-approve": async (w) => ({ body: { ids: [(await w.pendingOfOther()).id] } }),
  "GET /transactions/:id": async (w, c) => ({ params: { id: (await w.readableTxn(c)).id } }),

  // ---------------------------------------------------------------- transactions: moves
  "POST /transactions": async (w, c) => {
    if (c?.role === "Employee") {
      // An Employee login files an expense claim (DECISIONS §15).
      await w.linkCaller(c);
      return {
        body: { formType: "B", categoryId: await w.claimsCategory(), amount: "450.00", transactionDate: "2026-11-10", description: "Cab fare" },
        expect: 201,
      };
    }
    return {
      body: { formType: "R", categoryId: w.categoryId, amount: "1500.50", transactionDate: "2026-11-10", description: "Printer cartridges" },
      expect: 201,
    };
  },
  // Owner grants: the caller edits, submits and deletes their own Draft, whatever their role.
  "PATCH /transactions/:id": async (w, c) => ({ params: { id: (await w.ownTxn(c)).id }, body: { description: "Edited by the owner" } }),
  "POST /transactions/:id/submit": async (w, c) => ({ params: { id: (await w.ownTxn(c)).id }, body: {} }),
  "POST /transactions/:id/approve": async (w) => ({ params: { id: (await w.pendingOfOther()).id }, body: {} }),
  "POST /transactions/:id/reject": async (w) => ({ params: { id: (await w.pendingOfOther()).id }, body: { reason: "Wrong vendor" } }),
  "DELETE /approvals/:id": async (w) => {
    const txn = await w.pendingOfOther();
    const approver = await w.user("Approver");
    const [row] = await w.db.insert(approvals).values({ transactionId: txn.id, approverId: approver.id, round: 1, action: "approved" }).returning();
    return { params: { id: row.id }, body: { reason: "Counted twice" } };
  },
  "POST /transactions/:id/mark-payment-due": async (w) => ({
    params: { id: (await w.txn({ createdBy: w.accountant.id, status: "Approved", approvalsReceived: 1, approvedAt: new Date() })).id },
    body: { dueDate: "2026-12-31" },
  }),
  "PATCH /transactions/:id/payment": async (w) => ({
    params: { id: (await w.txn({ createdBy: w.accountant.id, status: "Approved", approvalsReceived: 1, approvedAt: new Date() })).id },
    body: { paymentMethod: "UPI", paymentReference: "UTR123", paidDate: "2026-11-20" },
  }),
  "POST /transactions/:id/complete": async (w) => ({
    params: { id: (await w.txn({ createdBy: w.accountant.id, status: "Paid", approvalsReceived: 1, paidDate: "2026-11-20", paymentMethod: "UPI" })).id },
    body: {},
  }),
  "DELETE /transactions/:id": async (w, c) => ({ params: { id: (await w.ownTxn(c)).id } }),
  "PUT /admin/transactions/:id/full-override": async (w) => ({
    params: { id: (await w.txn({ createdBy: w.accountant.id })).id },
    body: { description: "Overridden", reason: "Matrix check" },
  }),
  "POST /admin/transactions/:id/force-status": async (w) => ({
    params: { id: (await w.pendingOfOther()).id },
    body: { status: "Approved", reason: "Matrix check" },
  }),
  "POST /admin/transactions/:id/change-owner": async (w) => ({
    params: { id: (await w.txn({ createdBy: w.accountant.id })).id },
    body: { newOwnerId: (await w.user("Accountant")).id, reason: "Matrix check" },
  }),
  "GET /dashboard/stats": async () => ({}),
  "GET /gst/context": async () => ({}),
  "GET /gst/summary": async () => ({ query: { month: "2026-11" } }),
  "GET /gst/summary/export": async () => ({ query: { month: "2026-11" } }),

  // ---------------------------------------------------------------- attachments
  "POST /transactions/:id/attachments/upload-url": async (w, c) => ({
    params: { id: (await w.ownTxn(c)).id },
    body: { fileName: "receipt.pdf", contentType: "application/pdf" },
  }),
  "POST /transactions/:id/attachments": async (w, c) => {
    const txn = await w.ownTxn(c);
    const { objectPath, size } = await w.storedObject(txn.id, false);
    return { params: { id: txn.id }, body: { fileName: "receipt.pdf", objectPath, fileSizeBytes: size, mimeType: "application/pdf" }, expect: 201 };
  },
  "GET /attachments/:id/download": async (w, c) => {
    const txn = await w.readableTxn(c);
    return { params: { id: (await w.storedObject(txn.id)).attachmentId! } };
  },
  "DELETE /attachments/:id": async (w, c) => {
    const txn = await w.ownTxn(c);
    return { params: { id: (await w.storedObject(txn.id)).attachmentId! } };
  },
  // The signed URL is its own authority: anyone holding it may PUT, signed in or not.
  "PUT /uploads/*objectPath": async (w) => {
    const txn = await w.txn({ createdBy: w.accountant.id });
    const objectPath = newAttachmentObjectPath(txn.id, crypto.randomUUID());
    // Granted as POST …/upload-url grants it: the store takes bytes only for a live grant.
    await w.db.insert(uploadGrants).values({ objectPath, transactionId: txn.id, issuedBy: w.accountant.id, expiresAt: new Date(Date.now() + 900_000) });
    const { url } = await w.t.deps.storage.createUploadUrl({ objectPath, contentType: "application/pdf", issuedAt: new Date(), expiresInSeconds: 900 });
    const u = new URL(url, "http://localhost");
    return { url: u.pathname + u.search, raw: { contentType: "application/pdf", data: Buffer.from("%PDF-1.4 upload\n") } };
  },

  // ---------------------------------------------------------------- notifications, emergency
  "GET /notifications": async () => ({}),
  "POST /notifications/read-all": async (w, c) => {
    if (c) await w.db.insert(notifications).values({ userId: c.user.id, type: "user_notification", message: "Matrix" });
    return {};
  },
  "DELETE /notifications": async () => ({}),
  "POST /transactions/:id/emergency-links": async (w, c) => ({
    params: { id: (await w.txn({ createdBy: w.owner(c).id, status: "Pending", isEmergency: true })).id },
  }),
  "GET /admin/emergency-approvers": async () => ({}),
  "PUT /admin/emergency-approvers": async () => ({ body: { approvers: ["AK", "RS", "VM"] } }),
  "GET /emergency-approval/:token": async (w) => ({ params: { token: (await w.emergencyTokens()).approve } }),
  "PUT /admin/emergency-approvers/:code/pin": async () => ({ params: { code: "AK" }, body: { pin: FIXTURE_PIN } }),
  "POST /emergency-approval/:token": async (w) => ({ params: { token: (await w.emergencyTokens()).reject }, body: { approverName: "AK", pin: FIXTURE_PIN } }),

  // ---------------------------------------------------------------- administration
  "GET /categories": async () => ({}),
  // An Employee login sees the categories open to claims only (DECISIONS §15).
  "GET /categories/:id": async (w, c) => ({ params: { id: c?.role === "Employee" ? await w.claimsCategory() : w.categoryId } }),
  "POST /categories": async () => ({ body: { name: `New category ${hex()}`, description: "Matrix" }, expect: 201 }),
  // No requiredApprovals: an Accountant may change everything else (DECISIONS §7).
  "PUT /categories/:id": async (w) => ({ params: { id: await w.category() }, body: { name: `Renamed ${hex()}`, description: "Renamed" } }),
  "PUT /categories/:id/fields": async (w) => ({
    params: { id: await w.category() },
    body: { fieldSchema: [{ label: "Vendor GSTIN", type: "text", required: false }] },
  }),
  "DELETE /categories/:id": async (w) => ({ params: { id: await w.category() } }),
  "GET /admin/users": async () => ({}),
  "POST /admin/users": async () => ({ body: { username: `new_${hex()}`, name: "New Person", role: "Approver", password: "secret123" }, expect: 201 }),
  "PUT /admin/users/:id": async (w) => ({ params: { id: (await w.user()).id }, body: { name: "Renamed Person", visibilityWindowDays: 60 } }),
  "PUT /admin/users/:id/username": async (w) => ({ params: { id: (await w.user()).id }, body: { newUsername: `renamed_${hex()}` } }),
  "PUT /admin/users/:id/password": async (w) => ({ params: { id: (await w.user()).id }, body: { newPassword: "another123" } }),
  "POST /admin/users/:id/reset-password": async (w) => ({
    params: { id: (await w.user()).id },
    body: { newPassword: "another123", confirmPassword: "another123" },
  }),
  "PATCH /admin/users/:id/status": async (w) => ({ params: { id: (await w.user()).id }, body: { isActive: false } }),
  "DELETE /admin/users/:id": async (w) => ({ params: { id: (await w.user()).id } }),
  // ---------------------------------------------------------------- reach (DECISIONS §14)
  "GET /push/public-key": async (w) => {
    await ensureVapidKeys(w.db, w.t.config);
    return {};
  },
  "POST /account/push-subscriptions": async () => ({
    body: { endpoint: `https://push.example.test/send/${hex()}`, keys: MATRIX_PUSH_KEYS, label: "Matrix phone" },
    expect: 201,
  }),
  "GET /account/push-subscriptions": async () => ({}),
  "DELETE /account/push-subscriptions/:id": async (w, caller) => ({ params: { id: await w.pushDevice(w.owner(caller).id) } }),
  "GET /account/notification-preferences": async () => ({}),
  "PUT /account/notification-preferences": async () => ({
    body: { push: { pending: true, decisions: false }, email: { pending: "instant", decisions: true }, quietHours: { from: "22:00", to: "07:00" } },
  }),
  "GET /account/notification-channels": async () => ({}),
  "POST /account/notification-test": async (w, caller) => {
    const id = await w.pushDevice(w.owner(caller).id);
    const [device] = await w.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    return { body: { channel: "push", endpoint: device!.endpoint }, expect: 202 };
  },
  "GET /admin/notifications": async () => ({}),
  // ---------------------------------------------------------------- second factor (DECISIONS §13)
  "GET /account/security": async () => ({}),
  // The caller's own password (DECISIONS §15), changed to the same one, so later cells that prove
  // who they are with the password still can; earlier wrong attempts (counted as failed sign-ins)
  // go first.
  "POST /account/password": async (w, caller) => {
    await w.forgetFailedSignIns(caller);
    return { body: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD } };
  },
  // A change to one's own factors needs a recent proof (DECISIONS §13): the caller's session gets one.
  "POST /account/passkeys/options": async (w, caller) => {
    await w.provedNow(caller);
    return {};
  },
  // A registration must sign the challenge of options asked for in the same session: the matrix's
  // cells cannot, so 409. passkeys.api.test.ts registers with a software authenticator, and
  // audit-completeness does the whole ceremony.
  "POST /account/passkeys": async (w, caller) => {
    await w.provedNow(caller);
    return {
      body: { name: "Matrix phone", response: new SoftAuthenticator(w.t.config.rpId, w.t.config.webauthnOrigins[0]).register({ challenge: "bWF0cml4" }) },
      expect: 409,
      because: "no registration options were asked for in this session",
    };
  },
  "DELETE /account/passkeys/:id": async (w, caller) => {
    await w.provedNow(caller);
    return { params: { id: await w.passkey(w.owner(caller).id) } };
  },
  "POST /account/totp/setup": async (w, caller) => {
    await w.db.delete(totpSecrets).where(eq(totpSecrets.userId, w.owner(caller).id));
    await w.provedNow(caller);
    return {};
  },
  "POST /account/totp/confirm": async (w, caller) => {
    const secret = await w.totp(w.owner(caller).id, { confirmed: false });
    await w.provedNow(caller);
    return { body: { code: totpCodeAt(secret, new Date()) } };
  },
  "DELETE /account/totp": async (w, caller) => {
    await w.totp(w.owner(caller).id, { confirmed: true });
    await w.provedNow(caller);
    return {};
  },
  "POST /account/recovery-codes": async (w, caller) => {
    await w.totp(w.owner(caller).id, { confirmed: true });
    await w.provedNow(caller);
    return {};
  },
  // The password proves it for a user without a factor: the caller's factors go first.
  "POST /account/verify": async (w, caller) => {
    await w.forgetFailedSignIns(caller);
    await w.db.delete(totpSecrets).where(eq(totpSecrets.userId, w.owner(caller).id));
    await w.db.delete(passkeys).where(eq(passkeys.userId, w.owner(caller).id));
    return { body: { method: "password", password: TEST_PASSWORD } };
  },
  "POST /account/verify/options": async (w, caller) => {
    await w.passkey(w.owner(caller).id);
    return {};
  },
  "GET /admin/security": async () => ({}),
  "PUT /admin/security": async () => ({ body: { requireSecondFactor: [] } }),
  "POST /admin/users/:id/second-factor/reset": async (w) => {
    const user = await w.user("Approver");
    await w.totp(user.id, { confirmed: true });
    return { params: { id: user.id }, body: { reason: "Lost phone" } };
  },
  "GET /admin/budgets": async () => ({}),
  "POST /admin/budgets": async (w) => ({
    body: {
      name: `Budget ${hex()}`,
      categoryId: w.categoryId,
      amount: "25000",
      period: "monthly",
      startDate: "2026-11-01",
      endDate: "2026-11-30",
      alertThreshold: 80,
    },
    expect: 201,
  }),
  "PUT /admin/budgets/:id": async (w) => ({ params: { id: await w.budget() }, body: { amount: "60000.00" } }),
  "DELETE /admin/budgets/:id": async (w) => ({ params: { id: await w.budget() } }),
  "GET /admin/approval-rules": async () => ({}),
  "POST /admin/approval-rules": async () => ({
    body: { name: `Above ${hex()}`, categoryId: null, formType: null, minAmount: "500000", requiredApprovals: 2, superAdminRequired: true },
    expect: 201,
  }),
  "PUT /admin/approval-rules/:id": async (w) => ({ params: { id: await w.approvalRule() }, body: { requiredApprovals: 3 } }),
  "DELETE /admin/approval-rules/:id": async (w) => ({ params: { id: await w.approvalRule() } }),
  "POST /approval-rules/preview": async (w) => ({ body: { categoryId: w.categoryId, formType: "B", amount: "250000" } }),
  "GET /admin/tds-natures": async () => ({}),
  "POST /admin/tds-natures": async () => ({
    body: {
      name: `Nature ${hex()}`,
      legacySection: "194C",
      actReference: "393(1) Table Sl. 6(i)",
      rateIndividual: 1,
      rateOther: 2,
      singleThreshold: "30000",
      yearlyThreshold: "100000",
      ledgerName: `TDS ${hex()}`,
    },
    expect: 201,
  }),
  "PUT /admin/tds-natures/:id": async (w) => ({ params: { id: await w.tdsNature() }, body: { paymentCode: "1017" } }),
  "DELETE /admin/tds-natures/:id": async (w) => ({ params: { id: await w.tdsNature() } }),
  "GET /tds/natures": async () => ({}),
  "POST /tds/preview": async (w) => ({ body: { partyId: await w.party(), natureId: await w.tdsNature(), amount: "40000", date: "2026-11-10" } }),
  "GET /tds/register": async () => ({ query: { quarter: "2026-Q3" } }),
  "GET /tds/register/export": async () => ({ query: { quarter: "2026-Q3" } }),
  "GET /delegations/candidates": async () => ({}),
  "GET /delegations": async () => ({}),
  "POST /delegations": async (w, c) => {
    if (c) await w.freeDelegator(c.user.id);
    return { body: { delegateId: (await w.user("Approver")).id, from: dayFromNow(1), to: dayFromNow(3), reason: "Annual leave" }, expect: 201 };
  },
  "DELETE /delegations/:id": async (w, c) => ({ params: { id: await w.delegation((c ?? { user: w.superAdmin }).user.id) }, body: { reason: "Back early" } }),
  "GET /admin/company": async () => ({}),
  "PUT /admin/company": async () => ({ body: { legalName: "Fixture Traders Private Limited", gstin: "27AAPFU0939F1ZV", stateCode: "27" } }),
  "GET /parties": async () => ({ query: { search: "party", page: "1", limit: "10" } }),
  "POST /parties": async () => ({
    body: { name: `Vendor ${hex()}`, gstin: uniqueGstin("29").gstin, email: "accounts@example.com", phone: "+91 80 4000 1000" },
    expect: 201,
  }),
  "PATCH /parties/:id": async (w) => ({ params: { id: await w.party() }, body: { phone: "+91 22 6600 1000", isActive: true } }),
  "GET /audit": async () => ({ query: { search: "login", page: "1", limit: "20" } }),
  "GET /audit/facets": async () => ({}),
  "GET /audit/export.csv": async () => ({ query: { action: "login" } }),
  "GET /admin/stats": async () => ({}),

  // ---------------------------------------------------------------- HR
  "GET /hr/employees": async () => ({ query: { page: "1", search: "Employee", status: "active" } }),
  "POST /hr/employees": async (w) => ({
    body: {
      employeeName: `Asha ${hex()}`,
      employeeCode: `C${hex()}`,
      departmentId: w.department.id,
      joiningDate: "2026-01-15",
      weeklyOff: "Sunday",
      monthlySalary: "42000",
    },
    expect: 201,
  }),
  "GET /hr/employees/:id": async (w) => ({ params: { id: w.employee.id } }),
  "PUT /hr/employees/:id": async (w) => ({ params: { id: w.employee.id }, body: { workLocation: "Pune" } }),
  // DECISIONS §15: logins for employees.
  "GET /hr/employees/:id/login": async (w) => ({ params: { id: w.employee.id } }),
  "GET /hr/login-candidates": async () => ({}),
  "POST /hr/employees/:id/login": async (w) => ({ params: { id: await w.freshEmployee() }, body: {}, expect: 201, because: "a new login is created" }),
  "DELETE /hr/employees/:id/login": async (w) => {
    const employeeId = await w.freshEmployee();
    await makeUser(w.db, { role: "Employee", employeeId });
    return { params: { id: employeeId } };
  },
  "POST /hr/employees/logins": async () => ({}),
  // DECISIONS §15: the employee's own pages act on the employee linked to the caller.
  "GET /me/attendance": async (w, caller) => {
    await w.linkCaller(caller);
    return { query: { month: w.dayFromToday(0).slice(0, 7) } };
  },
  "GET /me/claims": async (w, caller) => {
    await w.linkCaller(caller);
    return {};
  },
  "GET /me/leave": async (w, caller) => {
    await w.linkCaller(caller);
    return { query: { year: w.dayFromToday(0).slice(0, 4) } };
  },
  "POST /me/leave-requests": async (w, caller) => {
    await w.linkCaller(caller);
    return { body: { type: "LWP", from: w.dayFromToday(30), to: w.dayFromToday(36), reason: "Family function" }, expect: 201, because: "a request is created" };
  },
  "DELETE /me/leave-requests/:id": async (w, caller) => ({ params: { id: await w.leaveRequest(await w.linkCaller(caller)) } }),
  "POST /me/regularisations": async (w, caller) => {
    await w.linkCaller(caller);
    return { body: { date: w.dayFromToday(-1), punchOut: "18:30", reason: "Forgot to punch out" }, expect: 201, because: "a request is created" };
  },
  "GET /hr/requests": async () => ({ query: { status: "Pending", type: "all" } }),
  "POST /hr/leave-requests/:id/approve": async (w) => ({ params: { id: await w.leaveRequest(await w.freshEmployee()) }, body: {} }),
  "POST /hr/leave-requests/:id/reject": async (w) => ({ params: { id: await w.leaveRequest(await w.freshEmployee()) }, body: { reason: "Year-end closing" } }),
  "POST /hr/regularisations/:id/approve": async (w) => ({ params: { id: await w.regularisation(await w.freshEmployee()) }, body: {} }),
  "POST /hr/regularisations/:id/reject": async (w) => ({
    params: { id: await w.regularisation(await w.freshEmployee()) },
    body: { reason: "No record of it" },
  }),
  "GET /hr/departments": async () => ({}),
  "POST /hr/departments": async () => ({ body: { name: `Department ${hex()}` }, expect: 201 }),
  "PUT /hr/departments/:id": async (w) => {
    const [row] = await w.db
      .insert(departments)
      .values({ name: `Dept ${hex()}` })
      .returning();
    return { params: { id: row.id }, body: { name: `Renamed ${hex()}` } };
  },
  "GET /hr/attendance-policy": async () => ({}),
  "PUT /hr/attendance-policy": async () => ({
    body: { shiftStart: "09:30", lateGraceMinutes: 15, fullDayHours: 8, halfDayHours: 4, pointsPerLate: 1, pointsPerHalfDayDeduction: 3, holidays: [] },
  }),
  "GET /hr/attendance": async (w) => ({ query: { month: "2026-11", departmentId: w.department.id } }),
  "GET /hr/attendance/export.csv": async () => ({ query: { month: "2026-11" } }),
  "PUT /hr/attendance/:id": async (w) => ({ params: { id: await w.attendanceDay() }, body: { dayStatus: "Paid Leave (PL)", reason: "Approved leave" } }),
  "GET /hr/employee-details/:id": async (w) => ({ params: { id: w.employee.id }, query: { month: "2026-11" } }),
  "GET /hr/dashboard/stats": async () => ({}),
  "GET /hr/reports/payroll": async () => ({ query: { month: "2026-11" } }),
  "GET /hr/reports/payroll.csv": async () => ({ query: { month: "2026-11" } }),
  "POST /hr/import/upload": async () => ({
    multipart: {
      fields: { month: "2026-11", dryRun: "true" },
      file: { field: "csvFile", name: "punches.csv", contentType: "text/csv", data: csv(["Nobody Known,2026-11-03,09:20,IN"]) },
    },
  }),
  "GET /hr/leaves": async () => ({ query: { month: "2026-11" } }),
  "POST /hr/leaves": async (w) => ({
    body: { employeeId: await w.freshEmployee(), type: "PL", from: "2026-11-03", to: "2026-11-04", reason: "Sister's wedding" },
    expect: 201,
  }),
  "DELETE /hr/leaves/:id": async (w) => ({ params: { id: await w.leave() }, body: { reason: "Came to work after all" } }),
  "GET /hr/name-mappings": async () => ({}),
  "POST /hr/name-mappings": async (w) => ({ body: { csvName: `Punch ${hex()}`, employeeId: w.employee.id }, expect: 201 }),
  "DELETE /hr/name-mappings/:id": async (w) => ({ params: { id: await w.nameMapping() } }),

  // ---------------------------------------------------------------- books
  "GET /admin/ledgers": async () => ({}),
  "PUT /admin/ledgers": async () => ({ body: { roundOff: "Round Off", paymentMethods: [{ method: "Cash", ledger: "Cash" }] } }),
  "GET /accounting/exports": async () => ({}),
  "POST /accounting/exports": async (w) => {
    const day = await w.paidDay();
    return { body: { from: day, to: day, format: "tally" }, expect: 201 };
  },
  "GET /accounting/exports/:id/file": async (w) => ({ params: { id: await w.exportBatch() } }),
  "GET /accounting/exports/:id/masters": async (w) => ({ params: { id: await w.exportBatch() } }),
  "POST /accounting/exports/:id/void": async (w) => ({ params: { id: await w.exportBatch() }, body: { reason: "Exported with the wrong ledgers" } }),
};

/** Sends one fixture's call through a supertest agent (cookies kept), with the CSRF header unless told not to. */
export function sendCall(agent: Agent, route: Pick<RouteDef, "method" | "path">, spec: CallSpec, options: { csrf?: boolean } = {}): Test {
  const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : "";
  const url = spec.url ?? `/api${fillPath(route.path, spec.params)}${query}`;
  let req = agent[route.method](url);
  if (route.method !== "get" && options.csrf !== false) req = req.set(CSRF_HEADER);
  if (spec.multipart) {
    for (const [name, value] of Object.entries(spec.multipart.fields)) req = req.field(name, value);
    const file = spec.multipart.file;
    if (file) req = req.attach(file.field, file.data, { filename: file.name, contentType: file.contentType });
  } else if (spec.raw) {
    req = req.set("Content-Type", spec.raw.contentType).send(spec.raw.data);
  } else if (spec.body !== undefined) {
    req = req.send(spec.body as object);
  }
  return req;
}
