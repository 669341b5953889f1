// `npm run seed:demo`: a believable company to look around in. Everything goes through the real
// services (users, categories, budgets, every transaction move, attachments, employees, name
// mappings, the attendance importer), so approvals, rounds, audit entries and notifications are genuine.
//
// Three months of history without backdating by hand: the services read "now" from the injected
// clock (AppDeps.clock), so the seed runs each transaction's story at the moments it happened
// (created on a Tuesday in September, approved the next morning, paid a week later…), and
// createdAt, submittedAt, approvedAt, acted-at, paidDate and completedAt are what the services
// stamped. Audit and notification rows keep the database's own time (the moment of seeding).
import { createExport } from "../services/books/exports";
import { systemClock } from "../clock";
import { actingContext, requestContext, serviceContext } from "../services/context";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { categories, notifications, settings, transactions } from "../db/schema";
import type { Actor, AppDeps } from "../context";
import type { Config } from "../config";
import { createLogger } from "../logger";
import { createInProcessBus } from "../realtime/bus";
import type { ObjectStore } from "../storage/object-store";
import { createUser, findUserByUsername } from "../services/users";
import { createCategory } from "../services/categories";
import { seedClaims } from "./claims";
import { createBudget } from "../services/budgets";
import { createApprovalRule } from "../services/approval-rules";
import { updateUser } from "../services/admin-users";
import { createDelegation } from "../services/delegations";
import { approvalRuleBodySchema } from "../../shared/schemas/approval-rules";
import {
  approveTransaction,
  completeTransaction,
  createTransaction,
  editTransaction,
  markPaymentDue,
  recordPayment,
  rejectTransaction,
  submitTransaction,
} from "../services/transactions/moves";
import { decideThroughEmergencyLink, issueEmergencyLinks } from "../services/transactions/emergency";
import { getEmergencyApprovers, setApproverPin } from "../services/emergency-approvers";
import { createDepartment, createEmployee, listDepartments } from "../services/hr/employees";
import { createNameMapping } from "../services/hr/name-mappings";
import { importPunches, type ImportAnswer } from "../services/hr/import/import-punches";
import { loadPolicy, updatePolicy } from "../services/hr/policy";
import { recordLeave } from "../services/hr/leaves";
import { createLeaveRequest, createRegularisation } from "../services/hr/requests";
import { insertUser } from "../services/users";
import { hashPassword } from "../auth/passwords";
import { workingDaysOf } from "../../shared/leave";
import { DomainError } from "../services/errors";
import { addDays, monthBounds, monthOfDate, previousMonth, weekdayOf } from "../../shared/calendar";
import { createUserSchema } from "../../shared/schemas/users";
import { createCategorySchema } from "../../shared/schemas/categories";
import { budgetBodySchema } from "../../shared/schemas/budgets";
import { employeeCreateSchema } from "../../shared/schemas/hr";
import { createTransactionSchema, type Transaction } from "../../shared/schemas/transactions";
import { companyBodySchema, partyBodySchema } from "../../shared/schemas/parties";
import { setCompany } from "../services/company";
import { createParty } from "../services/parties";
import { TRANSACTION_STATUSES, type PaymentMethod, type TransactionStatus } from "../../shared/constants";
import { toIsoDate, zonedParts } from "../../shared/format";
import {
  COMPANY,
  COMPANY_GSTIN,
  COMPANY_HOLIDAYS,
  DEMO_PARTIES,
  DEMO_EMPLOYEES,
  DEMO_EMPLOYEE_LOGINS,
  DEMO_PASSWORD,
  DEMO_EMERGENCY_PINS,
  DEMO_USERS,
  DEMO_VISIBILITY_WINDOW_DAYS,
  DEPARTMENTS,
  DESIGNED_CATEGORIES,
  IT_VENDORS,
  MARKETING_EVENTS,
  REJECTION_REASONS,
  SPEND,
  type DemoUser,
  type DemoUserKey,
  type SpendTemplate,
} from "./data";
import { attachDemoFile, demoPdf, demoPng, type DemoFile } from "./files";
import { punchCsv } from "./punches";
import { seedGstBills } from "./gst-bills";
import { seedTdsBills } from "./tds-bills";
import { seededRandom, type Random } from "./random";

/** The settings row that says a demo seed finished (so a second run changes nothing). */
export const DEMO_MARKER_KEY = "demo_seed";
export const ALREADY_PRESENT_MESSAGE = "Demo data is already present";
export const PARTIAL_SEED_MESSAGE =
  "Demo users exist but an earlier demo seed did not finish. Seed into an empty database (a new DATA_DIR, or a fresh DATABASE_URL).";

export type SeedOptions = {
  config: Config;
  /** The real moment the seed runs (tests may fix it). */
  now?: Date;
  /** Progress lines. */
  log?: (line: string) => void;
  /** How many transactions (default 300). */
  transactionCount?: number;
  randomSeed?: number;
};

export type SeedSummary = {
  alreadyPresent: boolean;
  company: string;
  users: readonly DemoUser[];
  /** The approver codes and their demo PINs. */
  emergencyPins: Readonly<Record<string, string>>;
  transactionsByStatus: Record<TransactionStatus, number>;
  transactions: number;
  approvals: number;
  attachments: number;
  notifications: number;
  overduePaymentDue: number;
  budgets: { name: string; amount: string; spent: string; percentUsed: number; status: string }[];
  employees: number;
  departments: number;
  leaves: number;
  punchImports: {
    month: string;
    fileName: string;
    answer: Pick<ImportAnswer, "totalRows" | "processedEvents" | "duplicateEvents" | "skippedRows"> & { unmatchedNames: string[] };
  }[];
  attendanceDays: Record<string, Record<string, number>>;
  timingsMs: Record<string, number>;
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

function actorOf(row: { id: string; role: Actor["role"]; name: string; username: string; visibilityWindowDays: number }): Actor {
  return { id: row.id, role: row.role, name: row.name, username: row.username, visibilityWindowDays: row.visibilityWindowDays };
}

/** Has a demo been seeded into this database? (finished: the marker; begun: the demo admin exists) */
export async function demoState(handle: DatabaseHandle): Promise<"absent" | "present" | "partial"> {
  const [marker] = await handle.db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_MARKER_KEY)).limit(1);
  if (marker) return "present";
  return (await findUserByUsername(handle.db, DEMO_USERS[0]!.username)) ? "partial" : "absent";
}

export async function seedDemo(handle: DatabaseHandle, storage: ObjectStore, options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  const realNow = options.now ?? systemClock();
  const timings: Record<string, number> = {};
  const timed = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      timings[label] = Math.round(performance.now() - started);
    }
  };

  const state = await demoState(handle);
  if (state === "present") return { ...(await summarize(handle, realNow, options.config.appTimezone, [], timings)), alreadyPresent: true };
  if (state === "partial") throw new Error(PARTIAL_SEED_MESSAGE);

  let clockNow = realNow;
  const bus = createInProcessBus();
  const deps: AppDeps = {
    database: handle,
    bus,
    config: options.config,
    logger: createLogger("warn"),
    clock: () => clockNow,
    storage,
  };
  const random = seededRandom(options.randomSeed ?? 20_261_121);
  const tz = options.config.appTimezone;

  try {
    const people = await timed("users", () => seedUsers(deps, log));
    const admin = people.admin;
    await timed("emergency PINs", () => seedEmergencyPins(deps, handle, admin, log));
    await timed("categories", async () => {
      for (const c of DESIGNED_CATEGORIES) {
        const exists = await handle.db
          .select({ id: categories.id })
          .from(categories)
          .where(sql`lower(${categories.name}) = lower(${c.name})`)
          .limit(1);
        if (exists.length > 0) continue;
        // Marketing spends are large: two approvals, set by the SuperAdmin.
        const body = createCategorySchema.parse({ ...c, requiredApprovals: c.name === "Marketing Events" ? 2 : 1 });
        await createCategory(actingContext(deps, admin), body);
      }
      log(`Categories: 7 built-in + ${DESIGNED_CATEGORIES.map((c) => `'${c.name}'`).join(", ")} with custom fields`);
    });

    const parties = await timed("company and parties", () => seedCompanyAndParties(deps, admin, people.accounts, log));
    // The rules before any submission, so every seeded transaction is held to them (DECISIONS §16).
    await timed("approval rules", () => seedApprovalRules(deps, people, log));
    await timed("transactions", () =>
      seedTransactions({ deps, handle, people, parties, random, realNow, tz, count: options.transactionCount ?? 300, setClock: (d) => (clockNow = d), log }),
    );
    clockNow = realNow;
    await timed("GST bills", () => seedGstBills(deps, handle, people, realNow, tz, log));
    await timed("TDS bills", () => seedTdsBills(deps, handle, people, realNow, tz, log));

    await timed("authority", () => seedAuthority(deps, handle, people, realNow, tz, log));
    await timed("budgets", () => seedBudgets(deps, handle, admin, realNow, tz, log));
    await timed("export to books", () => seedExport(deps, people, realNow, tz, log));
    const punchImports = await timed("employees and attendance", () => seedPeople(deps, handle, people, realNow, tz, random, log));
    // DECISIONS §15 part B: expense claims (server/demo/claims.ts), after the employees and their logins.
    await timed("expense claims", () => seedClaims(deps, handle, people, realNow, tz, log));

    await handle.db
      .insert(settings)
      .values({ key: DEMO_MARKER_KEY, value: { company: COMPANY, seededAt: realNow.toISOString() }, updatedBy: admin.id })
      .onConflictDoNothing();
    return await summarize(handle, realNow, tz, punchImports, timings);
  } finally {
    await bus.close();
  }
}

// ---------------------------------------------------------------- authority

export const DEMO_RULES = [
  { name: "Above ₹1,00,000", minAmount: "100000", requiredApprovals: 2, superAdminRequired: false },
  { name: "Above ₹5,00,000", minAmount: "500000", requiredApprovals: 2, superAdminRequired: true },
] as const;
/** Vikram Mehta approves up to this much on his own. */
export const DEMO_APPROVER_LIMIT = "200000.00";

/**
 * DECISIONS §11's rules, recorded before the history is submitted, so that every seeded
 * transaction obeys them (DECISIONS §16: a bill above ₹1,00,000 in the history has its two approvals).
 */
async function seedApprovalRules(deps: AppDeps, people: People, log: (l: string) => void): Promise<void> {
  const admin = actingContext(deps, people.admin);
  for (const rule of DEMO_RULES) await createApprovalRule(admin, approvalRuleBodySchema.parse({ ...rule, categoryId: null, formType: null }));
  log(`Approval rules: ${DEMO_RULES.map((r) => `'${r.name}'`).join(", ")}`);
}

/**
 * The rest of DECISIONS §11 on show: an approver limit and a week's delegation of the SuperAdmin's
 * approvals to the limited approver, both from today (the limit is new, as a company adopting it
 * now would set it), then one large purchase submitted under the rules: it waits for two approvals
 * and a SuperAdmin's; Vikram's, above his own limit, counts for Rajesh, and Anita gives the other.
 */
async function seedAuthority(deps: AppDeps, handle: DatabaseHandle, people: People, realNow: Date, tz: string, log: (l: string) => void): Promise<void> {
  const admin = actingContext(deps, people.admin);
  await updateUser(admin, people.approver.id, { approvalLimit: DEMO_APPROVER_LIMIT });
  const today = toIsoDate(realNow, tz);
  await createDelegation(admin, { delegateId: people.approver.id, from: today, to: addDays(today, 6), reason: "At the statutory audit in Mumbai" });
  const [equipment] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.name, "IT Equipment")).limit(1);
  const accounts = actingContext(deps, people.accounts);
  const big = await createTransaction(
    accounts,
    createTransactionSchema.parse({
      formType: "B",
      categoryId: equipment!.id,
      amount: "650000.00",
      transactionDate: today,
      description: "Server room UPS and batteries for the Pune office",
      customFieldValues: { vendor: "Vijay Sales Business", warranty_months: 24, invoice_date: today },
    }),
  );
  await submitTransaction(accounts, big.id);
  log(
    `Authority: ${people.approver.name} approves up to ₹2,00,000; ` +
      `${people.admin.name} delegates to ${people.approver.name} for 7 days; ${big.humanReadableId} (₹6,50,000) waits for a SuperAdmin`,
  );
}

// ---------------------------------------------------------------- books

/**
 * One batch already exported, as the accountant would have done at the month's close: last
 * month's paid transactions as a TallyPrime file (DECISIONS §12). This month's stay to export.
 */
async function seedExport(deps: AppDeps, people: People, realNow: Date, tz: string, log: (l: string) => void): Promise<void> {
  const today = toIsoDate(realNow, tz);
  const { from, to } = monthBounds(previousMonth(monthOfDate(today)));
  try {
    const batch = await createExport(actingContext(deps, people.accounts), { from, to, format: "tally" });
    log(`Export to books: batch ${batch.number}, ${batch.count} paid transactions of ${from} to ${to} (${batch.total}) as TallyPrime XML`);
  } catch (err) {
    if (!(err instanceof DomainError && err.kind === "conflict")) throw err;
    log(`Export to books: nothing paid from ${from} to ${to}`);
  }
}

// ---------------------------------------------------------------- users

/** The demo PINs of the approver codes in use (the defaults on a fresh database). */
async function seedEmergencyPins(deps: AppDeps, handle: DatabaseHandle, admin: Actor, log: (l: string) => void): Promise<void> {
  const codes = (await getEmergencyApprovers(handle.db)).filter((code) => DEMO_EMERGENCY_PINS[code]);
  for (const code of codes) await setApproverPin(actingContext(deps, admin), code, DEMO_EMERGENCY_PINS[code]!);
  log(`Emergency approver PINs: ${codes.map((code) => `${code} ${DEMO_EMERGENCY_PINS[code]}`).join(", ")}`);
}

type People = Record<DemoUserKey, Actor>;

async function seedUsers(deps: AppDeps, log: (l: string) => void): Promise<People> {
  const handle = deps.database;
  const people: Partial<People> = {};
  for (const u of DEMO_USERS) {
    const existing = await findUserByUsername(handle.db, u.username);
    const row =
      existing ??
      (await createUser(
        { db: handle.db, clock: deps.clock, actor: null },
        createUserSchema.parse({
          username: u.username,
          password: u.password,
          role: u.role,
          name: u.name,
          email: u.email,
          visibilityWindowDays: DEMO_VISIBILITY_WINDOW_DAYS,
        }),
      ));
    people[u.key] = actorOf(row);
  }
  log(`Users: ${DEMO_USERS.map((u) => `${u.username} (${u.role})`).join(", ")}`);
  return people as People;
}

// ---------------------------------------------------------------- transactions

type Plan = {
  status: TransactionStatus;
  template: SpendTemplate;
  creator: "accounts" | "admin";
  /** Days before now the transaction was entered. */
  daysAgo: number;
  emergency: boolean;
  /** Approved through an emergency link rather than by a signed-in approver. */
  viaEmergencyLink: boolean;
  /** Rejected once, corrected and resubmitted on its way to `status`. */
  rejectedFirst: boolean;
  /** Pending with some but not all approvals (Salary: 1 of 2). */
  partial: boolean;
  overdue: boolean;
  payFromDue: boolean;
  attach: boolean;
};

const STATUS_MIX: readonly [TransactionStatus, number][] = [
  ["Completed", 0.35],
  ["Paid", 0.135],
  ["PaymentDue", 0.12],
  ["Approved", 0.09],
  ["Pending", 0.14],
  ["Rejected", 0.072],
  ["Draft", 0.093],
];

function templateNamed(name: string): SpendTemplate {
  return SPEND.find((s) => s.category === name)!;
}

function weightedTemplate(r: Random): SpendTemplate {
  const total = SPEND.reduce((s, t) => s + t.weight, 0);
  let x = r.next() * total;
  for (const t of SPEND) {
    x -= t.weight;
    if (x <= 0) return t;
  }
  return SPEND[0]!;
}

function makePlans(count: number, r: Random): Plan[] {
  const plans: Plan[] = [];
  const counts = STATUS_MIX.map(([status, share]) => [status, Math.round(share * count)] as const);
  for (const [status, n] of counts) {
    for (let i = 0; i < n; i++) {
      let template = weightedTemplate(r);
      let partial = false;
      let emergency = false;
      if (status === "Pending" && i < 8) {
        template = templateNamed("Salary");
        partial = true;
      } else if (status === "Pending" && i < 11) {
        template = templateNamed("Marketing Events");
        partial = true;
      } else if (status === "Pending" && i < 17) {
        emergency = true;
      }
      const viaEmergencyLink = (status === "Completed" && i < 2) || (status === "Approved" && i < 1);
      if (viaEmergencyLink) emergency = true;
      const overdue = status === "PaymentDue" && i < Math.round(n * 0.4);
      const daysAgo = {
        Draft: () => r.int(0, 20),
        Pending: () => (emergency ? r.int(0, 2) : r.int(0, 12)),
        Rejected: () => r.int(2, 75),
        Approved: () => r.int(1, 30),
        PaymentDue: () => (overdue ? r.int(25, 80) : r.int(2, 20)),
        Paid: () => r.int(14, 80),
        Completed: () => r.int(21, 89),
      }[status]();
      plans.push({
        status,
        template,
        creator: r.chance(0.8) ? "accounts" : "admin",
        daysAgo,
        emergency,
        viaEmergencyLink,
        rejectedFirst: status !== "Draft" && !viaEmergencyLink && !emergency && r.chance(status === "Rejected" ? 0.25 : 0.1),
        partial,
        overdue,
        payFromDue: r.chance(0.55),
        attach: r.chance(0.4),
      });
    }
  }
  // Oldest first, so human-readable ids grow with time as they would have.
  return plans.sort((a, b) => b.daysAgo - a.daysAgo);
}

/** A moment on that day in office hours, in the app's zone (never in the future, never on a Sunday). */
function officeMoment(realNow: Date, daysAgo: number, tz: string, r: Random): Date {
  let day = new Date(realNow.getTime() - daysAgo * DAY);
  if (weekdayOf(toIsoDate(day, tz)) === "Sunday") day = new Date(day.getTime() - DAY);
  const date = toIsoDate(day, tz);
  const offset = zoneOffset(day, tz);
  const minutes = r.int(10 * 60, 18 * 60 + 30);
  const at = new Date(Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE - offset);
  return at.getTime() > realNow.getTime() - 10 * MINUTE ? new Date(realNow.getTime() - r.int(15, 240) * MINUTE) : at;
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function zoneOffset(at: Date, tz: string): number {
  const p = zonedParts(at, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

function amountFor(t: SpendTemplate, r: Random): string {
  // Skewed towards the low end, as real spends are.
  const x = Math.pow(r.next(), 2.2);
  const raw = t.min + x * (t.max - t.min);
  const value = t.step >= 1 ? Math.max(t.min, Math.round(raw / t.step) * t.step) : Math.round(raw * 100) / 100;
  return value.toFixed(2);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function describe(t: SpendTemplate, transactionDate: string, r: Random): { description: string; customFieldValues: Record<string, unknown> } {
  const base = r.pick(t.descriptions);
  const month = MONTHS[Number(transactionDate.slice(5, 7)) - 1]!;
  if (t.category === "Salary") return { description: `${base}, ${month} ${transactionDate.slice(0, 4)}`, customFieldValues: {} };
  if (t.category === "Utilities") return { description: `${base} (${month})`, customFieldValues: {} };
  if (t.category === "Marketing Events") {
    const ev = r.pick(MARKETING_EVENTS);
    return {
      description: `${base} – ${ev.event_name}, ${ev.city}`,
      customFieldValues: { event_name: ev.event_name, city: ev.city, attendees: r.int(4, 40) * 5 },
    };
  }
  if (t.category === "IT Equipment") {
    const vendor = r.pick(IT_VENDORS);
    return {
      description: `${base} – ${vendor}`,
      customFieldValues: {
        vendor,
        asset_tag: `STX-IT-${String(r.int(1, 9999)).padStart(4, "0")}`,
        warranty_months: r.pick([12, 24, 36]),
        invoice_date: transactionDate,
      },
    };
  }
  const invoice = t.category === "Vendor Payment" ? ` (Invoice ${r.pick(["INV", "TI", "GST"])}/${transactionDate.slice(2, 4)}-${r.int(100, 9999)})` : "";
  return { description: `${base}${invoice}`, customFieldValues: {} };
}

function demoFileFor(t: Transaction, r: Random, n: number): DemoFile {
  const kind = r.pick(["pdf", "pdf", "png", "txt"] as const);
  const slug = t.category.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  if (kind === "pdf") {
    return {
      fileName: `${slug}-invoice-${t.humanReadableId}.pdf`,
      mimeType: "application/pdf",
      bytes: demoPdf([COMPANY, `Tax invoice for ${t.humanReadableId}`, t.description.slice(0, 80), `Amount: INR ${t.amount}`, `Date: ${t.transactionDate}`]),
    };
  }
  if (kind === "png") return { fileName: `receipt-photo-${t.humanReadableId}.png`, mimeType: "image/png", bytes: demoPng(n) };
  return {
    fileName: `notes-${t.humanReadableId}.txt`,
    mimeType: "text/plain",
    bytes: Buffer.from(
      `${COMPANY}\n${t.humanReadableId} – ${t.category.name}\n${t.description}\nAmount: ₹${t.amount}\nEntered on ${t.transactionDate}\n`,
      "utf8",
    ),
  };
}

/** The company's registration and the demo's parties, through the services (so each is audited). */
async function seedCompanyAndParties(deps: AppDeps, admin: Actor, accountant: Actor, log: (l: string) => void): Promise<Map<string, string>> {
  await setCompany(actingContext(deps, admin), companyBodySchema.parse({ legalName: COMPANY, gstin: COMPANY_GSTIN }));
  const ids = new Map<string, string>();
  for (const p of DEMO_PARTIES) {
    const party = await createParty(actingContext(deps, accountant), partyBodySchema.parse(p));
    ids.set(party.name, party.id);
  }
  log(`Company: ${COMPANY} (GSTIN ${COMPANY_GSTIN}); parties: ${DEMO_PARTIES.map((p) => p.name).join(", ")}`);
  return ids;
}

/**
 * The party a demo bill names, chosen from its category and its place in the plan (not from the
 * random stream, so the rest of the demo stays as it was): vendor payments rotate over the
 * registered vendors, some office expenses go to the tea stall; other bills name none.
 */
function demoPartyFor(category: string, n: number, parties: Map<string, string>): string | null {
  const registered = DEMO_PARTIES.filter((p) => p.gstin).map((p) => p.name);
  if (category === "Vendor Payment") return parties.get(registered[n % registered.length]!) ?? null;
  if (category === "Office Expenses" && n % 3 === 0) return parties.get("Ramesh Tea Stall") ?? null;
  return null;
}

type TxnSeedContext = {
  deps: AppDeps;
  handle: DatabaseHandle;
  people: People;
  /** Party ids by name (DEMO_PARTIES). */
  parties: Map<string, string>;
  random: Random;
  realNow: Date;
  tz: string;
  count: number;
  setClock: (d: Date) => void;
  log: (l: string) => void;
};

async function seedTransactions(c: TxnSeedContext): Promise<void> {
  const { people, random: r, realNow, tz } = c;
  const latest = realNow.getTime() - MINUTE;
  const categoryIds = new Map(
    (await c.handle.db.select({ id: categories.id, name: categories.name }).from(categories)).map((row) => [row.name, row.id] as const),
  );
  // Only codes with a demo PIN can decide a demo link.
  const emergencyCodes = (await getEmergencyApprovers(c.handle.db)).filter((code) => DEMO_EMERGENCY_PINS[code]);
  const realToday = toIsoDate(realNow, tz);
  let clock = realNow.getTime();
  const at = (ms: number) => {
    clock = Math.min(latest, Math.max(clock, ms));
    c.setClock(new Date(clock));
    return new Date(clock);
  };
  const later = (minMs: number, maxMs: number) => at(clock + minMs + r.next() * (maxMs - minMs));
  const ctxOf = (actor: Actor) => actingContext(c.deps, actor);

  const plans = makePlans(c.count, r);
  let done = 0;
  for (const plan of plans) {
    const creator = people[plan.creator];
    // Approvers other than the creator; the two Approvers do most of it, the SuperAdmin sometimes.
    const pool = [people.approver, people.approver2, people.admin].filter((a) => a.id !== creator.id);
    const approversInOrder = r.chance(0.15) && pool.length === 3 ? [pool[2]!, pool[r.int(0, 1)]!] : r.chance(0.6) ? [pool[0]!, pool[1]!] : [pool[1]!, pool[0]!];

    clock = officeMoment(realNow, plan.daysAgo, tz, r).getTime();
    at(clock);
    const created = toIsoDate(new Date(clock), tz);
    const transactionDate = addDays(created, -r.int(0, 5));
    const { description, customFieldValues } = describe(plan.template, transactionDate, r);
    const formType = r.chance(0.85) ? "B" : "R";
    const body = createTransactionSchema.parse({
      partyId: formType === "B" ? demoPartyFor(plan.template.category, done, c.parties) : null,
      formType,
      categoryId: categoryIds.get(plan.template.category),
      amount: amountFor(plan.template, r),
      transactionDate,
      description,
      customFieldValues,
      isPriority: plan.emergency,
      isEmergency: plan.emergency,
    });
    let t = await createTransaction(ctxOf(creator), body);
    if (plan.attach) await attachDemoFile(c.deps, t, demoFileFor(t, r, done), creator);

    if (plan.status !== "Draft") {
      later(5 * MINUTE, 90 * MINUTE);
      t = await submitTransaction(ctxOf(creator), t.id);

      if (plan.rejectedFirst) {
        later(2 * HOUR, 30 * HOUR);
        await rejectTransaction(ctxOf(approversInOrder[0]!), t.id, { reason: r.pick(REJECTION_REASONS) });
        later(2 * HOUR, 48 * HOUR);
        await editTransaction(ctxOf(creator), t.id, {
          description: `${t.description} – revised`,
          amount: Math.max(plan.template.min, Number(t.amount) * (r.chance(0.5) ? 0.95 : 1)).toFixed(2),
        });
        if (!plan.attach) await attachDemoFile(c.deps, t, demoFileFor(t, r, done), creator);
        later(10 * MINUTE, 60 * MINUTE);
        t = await submitTransaction(ctxOf(creator), t.id);
      }

      if (plan.status === "Rejected") {
        if (t.approvalsRequired > 1 && r.chance(0.5)) {
          later(HOUR, 20 * HOUR);
          await approveTransaction(ctxOf(approversInOrder[0]!), t.id);
          later(HOUR, 20 * HOUR);
          await rejectTransaction(ctxOf(approversInOrder[1]!), t.id, { reason: r.pick(REJECTION_REASONS) });
        } else {
          later(2 * HOUR, 30 * HOUR);
          await rejectTransaction(ctxOf(approversInOrder[0]!), t.id, { reason: r.pick(REJECTION_REASONS) });
        }
      } else if (plan.status === "Pending") {
        if (plan.partial) {
          later(HOUR, 20 * HOUR);
          await approveTransaction(ctxOf(approversInOrder[0]!), t.id);
        }
      } else {
        // On its way to Approved.
        if (plan.viaEmergencyLink) {
          later(5 * MINUTE, 30 * MINUTE);
          const links = await issueEmergencyLinks(ctxOf(creator), t.id);
          later(10 * MINUTE, 3 * HOUR);
          const code = r.pick(emergencyCodes);
          await decideThroughEmergencyLink(requestContext(c.deps), links.approveUrl.split("/").pop()!, { approverName: code, pin: DEMO_EMERGENCY_PINS[code] });
        } else {
          for (let i = 0; i < t.approvalsRequired; i++) {
            later(HOUR, 20 * HOUR);
            t = await approveTransaction(ctxOf(approversInOrder[i]!), t.id);
          }
        }
        const accountant = r.chance(0.85) ? people.accounts : people.admin;
        if (plan.status === "PaymentDue" || (plan.status !== "Approved" && plan.payFromDue)) {
          later(2 * HOUR, 60 * HOUR);
          const today = toIsoDate(new Date(clock), tz);
          // Overdue: due within two weeks of marking (now long past). Others: due in the coming weeks.
          const dueDate = plan.status === "PaymentDue" && !plan.overdue ? addDays(realToday, r.int(3, 25)) : addDays(today, r.int(5, 12));
          await markPaymentDue(ctxOf(accountant), t.id, { dueDate: dueDate < today ? today : dueDate });
        }
        if (plan.status === "Paid" || plan.status === "Completed") {
          later(12 * HOUR, 7 * DAY);
          const method: PaymentMethod = r.pick(["NEFT/RTGS", "NEFT/RTGS", "UPI", "Bank Transfer", "Check", "Cash"] satisfies PaymentMethod[]);
          const reference =
            method === "Check"
              ? `CHQ ${r.int(100000, 999999)} – HDFC Bank`
              : method === "Cash"
                ? null
                : method === "UPI"
                  ? `UPI ${r.int(100000000, 999999999)}${r.int(100, 999)}`
                  : `UTR HDFCN${r.int(10000000, 99999999)}${r.int(1000, 9999)}`;
          await recordPayment(ctxOf(accountant), t.id, {
            action: "process",
            paymentMethod: method,
            paymentReference: reference,
            paymentNotes: null,
            paidDate: null,
          });
        }
        if (plan.status === "Completed") {
          later(12 * HOUR, 5 * DAY);
          await completeTransaction(ctxOf(accountant), t.id);
        }
      }
    }
    done += 1;
    if (done % 50 === 0) c.log(`Transactions: ${done}/${plans.length}`);
  }
  c.setClock(realNow);

  // The bell: what an approver would have already read by now (everything but the still-open work and the last few days).
  await c.handle.db
    .update(notifications)
    .set({ isRead: true })
    .where(
      inArray(
        notifications.transactionId,
        c.handle.db
          .select({ id: transactions.id })
          .from(transactions)
          .where(
            and(sql`${transactions.status} <> 'Pending'`, sql`${transactions.updatedAt} < ${new Date(realNow.getTime() - 3 * DAY).toISOString()}::timestamptz`),
          ),
      ),
    );
}

// ---------------------------------------------------------------- budgets

async function spentIn(handle: DatabaseHandle, categoryName: string, from: string, to: string): Promise<number> {
  const rows = await handle.query<{ spent: string }>(
    `select coalesce(sum(t.amount), 0)::text as spent from transactions t join categories c on c.id = t.category_id
     where c.name = $1 and t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed') and t.transaction_date between $2 and $3`,
    [categoryName, from, to],
  );
  return Number(rows[0]?.spent ?? 0);
}

async function seedBudgets(deps: AppDeps, handle: DatabaseHandle, admin: Actor, realNow: Date, tz: string, log: (l: string) => void): Promise<void> {
  const today = toIsoDate(realNow, tz);
  const [y, m] = today.split("-").map(Number) as [number, number];
  const categoryId = async (name: string) => (await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.name, name)))[0]!.id;
  const ctx = actingContext(deps, admin);

  // The calendar quarter we are in: Travel spending at about 85 % of its budget (alert at 80 %).
  const q = Math.floor((m - 1) / 3);
  const qStart = `${y}-${String(q * 3 + 1).padStart(2, "0")}-01`;
  const qEnd = monthBounds(`${y}-${String(q * 3 + 3).padStart(2, "0")}`).to;
  const travel = await spentIn(handle, "Travel", qStart, qEnd);
  const travelAmount = travel > 0 ? Math.ceil(travel / 0.85 / 100) * 100 : 100_000;
  await createBudget(
    ctx,
    budgetBodySchema.parse({
      name: `Q${q + 1} Travel`,
      categoryId: await categoryId("Travel"),
      amount: travelAmount.toFixed(2),
      period: "quarterly",
      startDate: qStart,
      endDate: qEnd,
      alertThreshold: 80,
    }),
  );

  // The Indian financial year (April–March): office operations comfortably on track.
  const fyStartYear = m >= 4 ? y : y - 1;
  const fyStart = `${fyStartYear}-04-01`;
  const fyEnd = `${fyStartYear + 1}-03-31`;
  const office = await spentIn(handle, "Office Expenses", fyStart, fyEnd);
  const officeAmount = Math.max(500_000, Math.ceil(office / 0.42 / 10_000) * 10_000);
  await createBudget(
    ctx,
    budgetBodySchema.parse({
      name: "Office Operations FY",
      categoryId: await categoryId("Office Expenses"),
      amount: officeAmount.toFixed(2),
      period: "yearly",
      startDate: fyStart,
      endDate: fyEnd,
      alertThreshold: 80,
    }),
  );
  log(`Budgets: Q${q + 1} Travel (₹${travelAmount}), Office Operations FY (₹${officeAmount})`);
}

// ---------------------------------------------------------------- people and attendance

async function seedPeople(
  deps: AppDeps,
  handle: DatabaseHandle,
  people: People,
  realNow: Date,
  tz: string,
  r: Random,
  log: (l: string) => void,
): Promise<SeedSummary["punchImports"]> {
  const db = handle.db;
  const today = toIsoDate(realNow, tz);
  const month = monthOfDate(today);
  const prev = previousMonth(month);
  const from = monthBounds(prev).from;
  const to = monthBounds(month).to;

  // Holidays of the two months go into the one attendance policy (edited as HR Admin would).
  const policy = await loadPolicy(db);
  const holidays = COMPANY_HOLIDAYS.filter((h) => h.date >= from && h.date <= to);
  const { updatedAt: _updatedAt, ...currentPolicy } = policy;
  const merged = [...currentPolicy.holidays, ...holidays.filter((h) => !currentPolicy.holidays.some((e) => e.date === h.date))];
  await updatePolicy(actingContext(deps, people.hrAdmin), { ...currentPolicy, holidays: merged });

  const existing = new Map((await listDepartments(serviceContext(deps))).map((d) => [d.name.toLowerCase(), d.id] as const));
  for (const name of DEPARTMENTS) {
    if (!existing.has(name.toLowerCase())) existing.set(name.toLowerCase(), (await createDepartment(actingContext(deps, people.hrAdmin), name)).id);
  }
  const ids = new Map<string, string>();
  for (const e of DEMO_EMPLOYEES) {
    const [first, ...rest] = e.name.toLowerCase().split(" ");
    const created = await createEmployee(
      actingContext(deps, people.hrAdmin),
      employeeCreateSchema.parse({
        employeeName: e.name,
        employeeCode: e.code,
        departmentId: existing.get(e.department.toLowerCase()),
        weeklyOff: e.weeklyOff,
        joiningDate: e.joiningDate,
        phone: `+91 9${r.int(100000000, 899999999)}`,
        email: `${first}.${rest.join("")}@sharmatextiles.in`,
        workLocation: e.location,
        emergencyContactName: r.pick(["Spouse", "Father", "Mother", "Brother"]),
        emergencyContactPhone: `+91 9${r.int(100000000, 899999999)}`,
        monthlySalary: e.salary.toFixed(2),
      }),
    );
    ids.set(e.name, created.id);
  }
  log(`Employees: ${DEMO_EMPLOYEES.length} in ${DEPARTMENTS.length} departments`);

  const holidaySet = new Set(merged.map((h) => h.date));
  const parts = zonedParts(realNow, tz);
  const nowMinutes = parts.hour * 60 + parts.minute;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-demo-"));
  const imports: SeedSummary["punchImports"] = [];
  const runImport = async (m: string, fileName: string, file: string) => {
    const answer = await importPunches(actingContext(deps, people.hrStaff), { filePath: file, fileName, month: m, dryRun: false });
    imports.push({
      month: m,
      fileName,
      answer: {
        totalRows: answer.totalRows,
        processedEvents: answer.processedEvents,
        duplicateEvents: answer.duplicateEvents,
        skippedRows: answer.skippedRows,
        unmatchedNames: answer.unmatchedNames.map((u) => u.name),
      },
    });
    return answer;
  };
  try {
    // The previous month from the factory machine (day-first dates, IN/OUT). It spells one name its own way.
    const prevFile = path.join(dir, `punches-${prev}.csv`);
    fs.writeFileSync(prevFile, punchCsv({ month: prev, employees: DEMO_EMPLOYEES, holidays: holidaySet, today, nowMinutes, style: "dmy", random: r }).text);
    const first = await runImport(prev, `biometric-${prev}.csv`, prevFile);
    // HR maps the unmatched spelling to the employee, then imports the same file again: only that person's punches are new.
    for (const unmatched of first.unmatchedNames) {
      const employee = DEMO_EMPLOYEES.find((e) => e.punchName && e.punchName.toLowerCase() === unmatched.name.toLowerCase());
      if (employee) await createNameMapping(actingContext(deps, people.hrAdmin), { csvName: unmatched.name, employeeId: ids.get(employee.name)! });
    }
    await runImport(prev, `biometric-${prev}.csv`, prevFile);

    // This month so far (ISO dates, punch_in/punch_out), starting with the last day of the previous month as machines do.
    const curFile = path.join(dir, `punches-${month}.csv`);
    fs.writeFileSync(
      curFile,
      punchCsv({ month, employees: DEMO_EMPLOYEES, holidays: holidaySet, today, nowMinutes, style: "iso", overlapDay: monthBounds(prev).to, random: r }).text,
    );
    await runImport(month, `biometric-${month}.csv`, curFile);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  log(`Attendance: imported ${prev} (re-imported after mapping 'Mohd. Irfan') and ${month} up to ${today}`);

  // Leave granted by HR (DECISIONS §8 leave register): a week of paid leave last month, an unpaid
  // day and a paid half day this month, someone on leave today, and a booking later this month.

  const workingDay = (name: string, date: string, step: 1 | -1) => {
    const e = DEMO_EMPLOYEES.find((x) => x.name === name)!;
    let d = date;
    while (workingDaysOf(d, d, e.weeklyOff, holidaySet).length === 0) d = addDays(d, step);
    return d;
  };
  const lastDay = monthBounds(month).to;
  const plans: { name: string; type: "PL" | "LWP"; from: string; to: string; halfDay?: boolean; reason: string }[] = [
    {
      name: "Neha Gupta",
      type: "PL",
      from: workingDay("Neha Gupta", addDays(from, 9), 1),
      to: addDays(workingDay("Neha Gupta", addDays(from, 9), 1), 4),
      reason: "Family wedding in Jaipur",
    },
    {
      name: "Ramesh Kumar",
      type: "LWP",
      from: workingDay("Ramesh Kumar", addDays(today, -6), -1),
      to: workingDay("Ramesh Kumar", addDays(today, -6), -1),
      reason: "Personal work in his village, no paid leave asked",
    },
    {
      name: "Pooja Shetty",
      type: "PL",
      halfDay: true,
      from: workingDay("Pooja Shetty", addDays(today, -3), -1),
      to: workingDay("Pooja Shetty", addDays(today, -3), -1),
      reason: "Doctor's appointment in the afternoon",
    },
    // From today (or the working day before, on a day off) for three days, cut at the month's end:
    // the last days of a month still have someone on leave.
    {
      name: "Meena Krishnan",
      type: "PL",
      from: workingDay("Meena Krishnan", today, -1),
      to: addDays(today, 2) > lastDay ? lastDay : addDays(today, 2),
      reason: "Daughter's school admission in Chennai",
    },
  ];
  const later = workingDay("Divya Rao", addDays(today, 5), 1);
  if (addDays(later, 1) <= lastDay) plans.push({ name: "Divya Rao", type: "PL", from: later, to: addDays(later, 1), reason: "Sister's engagement in Mysuru" });
  for (const plan of plans) {
    if (plan.to > lastDay || plan.from < monthBounds(prev).from) continue; // demo leave stays inside the two imported months
    try {
      await recordLeave(actingContext(deps, people.hrAdmin), {
        employeeId: ids.get(plan.name)!,
        type: plan.type,
        from: plan.from,
        to: plan.to,
        halfDay: plan.halfDay ?? false,
        reason: plan.reason,
      });
    } catch (error) {
      // A range of only weekly offs and holidays (possible near month ends) is simply not booked.
      if (!(error instanceof DomainError && error.kind === "invalid")) throw error;
    }
  }
  log(`Leave: recorded by HR for ${plans.map((p) => p.name).join(", ")}`);

  // DECISIONS §15: three employees sign in themselves; one asks for leave, one to fix a day.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const logins: Actor[] = [];
  for (const login of DEMO_EMPLOYEE_LOGINS) {
    const employeeId = ids.get(login.employee)!;
    const user = await deps.database.db.transaction((tx) =>
      insertUser(
        tx,
        { clock: deps.clock, actor: people.hrAdmin },
        { username: login.username, name: login.employee, role: "Employee", email: null, employeeId },
        passwordHash,
      ),
    );
    logins.push({ ...actorOf(user), employeeId });
  }
  const asker = DEMO_EMPLOYEES.find((e) => e.name === DEMO_EMPLOYEE_LOGINS[0]!.employee)!;
  const askFrom = workingDay(asker.name, addDays(today, 8), 1);
  await createLeaveRequest(actingContext(deps, logins[0]!), { type: "PL", from: askFrom, to: askFrom, halfDay: false, reason: "Cousin's wedding in Pune" });
  const fixer = DEMO_EMPLOYEES.find((e) => e.name === DEMO_EMPLOYEE_LOGINS[1]!.employee)!;
  const fixDay = workingDay(fixer.name, addDays(today, -2), -1);
  await createRegularisation(actingContext(deps, logins[1]!), {
    date: fixDay,
    punchIn: null,
    punchOut: "18:30",
    reason: "Forgot to punch out after the evening shift",
  });
  log(`Employee logins: ${DEMO_EMPLOYEE_LOGINS.map((l) => l.username).join(", ")}; a pending leave request and a pending day fix`);
  return imports;
}

// ---------------------------------------------------------------- summary

async function summarize(
  handle: DatabaseHandle,
  realNow: Date,
  tz: string,
  punchImports: SeedSummary["punchImports"],
  timingsMs: Record<string, number>,
): Promise<SeedSummary> {
  const q = <T>(text: string, params: unknown[] = []) => handle.query<T>(text, params);
  const byStatus = Object.fromEntries(TRANSACTION_STATUSES.map((s) => [s, 0])) as Record<TransactionStatus, number>;
  for (const row of await q<{ status: TransactionStatus; n: number }>("select status::text as status, count(*)::int as n from transactions group by status"))
    byStatus[row.status] = Number(row.n);
  const count = async (table: string) => Number((await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n);
  const today = toIsoDate(realNow, tz);
  const overdue = Number(
    (await q<{ n: number }>("select count(*)::int as n from transactions where status = 'PaymentDue' and payment_due_date < $1", [today]))[0]!.n,
  );
  const budgets = await q<{ name: string; amount: string; spent: string }>(
    `select b.name, b.amount::text as amount,
       (select coalesce(sum(t.amount), 0)::text from transactions t where t.status in ('Approved','PaymentDue','Paid','Completed')
          and t.transaction_date between b.start_date and b.end_date and (b.category_id is null or t.category_id = b.category_id)) as spent
     from budgets b order by b.created_at`,
  );
  const days: Record<string, Record<string, number>> = {};
  for (const row of await q<{ month: string; status: string; n: number }>(
    "select to_char(date, 'YYYY-MM') as month, day_status::text as status, count(*)::int as n from attendance_days group by 1, 2 order by 1, 2",
  )) {
    (days[row.month] ??= {})[row.status] = Number(row.n);
  }
  for (const row of await q<{ month: string; n: number }>(
    "select to_char(date, 'YYYY-MM') as month, count(*)::int as n from attendance_days where violation_points > 0 group by 1",
  )) {
    (days[row.month] ??= {})["late (violation points)"] = Number(row.n);
  }
  return {
    alreadyPresent: false,
    company: COMPANY,
    users: DEMO_USERS,
    emergencyPins: DEMO_EMERGENCY_PINS,
    transactionsByStatus: byStatus,
    transactions: Object.values(byStatus).reduce((a, b) => a + b, 0),
    approvals: await count("approvals"),
    attachments: await count("attachments"),
    notifications: await count("notifications"),
    overduePaymentDue: overdue,
    budgets: budgets.map((b) => {
      const pct = Number(b.amount) > 0 ? Math.round((Number(b.spent) / Number(b.amount)) * 10_000) / 100 : 0;
      return { name: b.name, amount: b.amount, spent: b.spent, percentUsed: pct, status: pct >= 100 ? "Over Budget" : pct >= 80 ? "Alert" : "On Track" };
    }),
    employees: await count("employees"),
    departments: await count("departments"),
    leaves: await count("leaves"),
    punchImports,
    attendanceDays: days,
    timingsMs,
  };
}
