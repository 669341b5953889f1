import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkGstin } from "../../shared/gstin";
import { createTestApp, type TestApp } from "../test/harness";
import { ROLES, TRANSACTION_STATUSES } from "../../shared/constants";
import fs from "node:fs";
import path from "node:path";
import { DEMO_EMERGENCY_PINS, DEMO_EMPLOYEE_LOGINS, DEMO_PASSWORD, DEMO_USERS, PRODUCTION_REFUSAL, seedDemo, seedRefusal, type SeedSummary } from ".";
import { verifyPassword } from "../auth/passwords";

// The demo seed on a test database, through the real services; then the counts it promises.
let t: TestApp;
let first: SeedSummary;

const count = async (sql: string, params: unknown[] = []) => Number((await t.database.query<{ n: number }>(sql, params))[0]!.n);

async function tableCounts(): Promise<Record<string, number>> {
  const tables = [
    "users",
    "categories",
    "transactions",
    "approvals",
    "attachments",
    "notifications",
    "budgets",
    "departments",
    "employees",
    "punch_days",
    "attendance_days",
    "name_mappings",
    "leaves",
    "audit_log",
  ];
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = await count(`select count(*)::int as n from ${table}`);
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  // 260 rather than the CLI's 300 keeps the file quick; the mix of statuses is the same.
  first = await seedDemo(t.database, t.deps.storage, { config: t.config, transactionCount: 260 });
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe("npm run seed:demo", () => {
  it("creates one demo user per role (and a second Approver, since Salary needs two)", async () => {
    const rows = await t.database.query<{ username: string; role: string }>("select username, role::text as role from users where deleted_at is null");
    for (const role of ROLES) expect(rows.filter((r) => r.role === role).length, role).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => r.role === "Approver")).toHaveLength(2);
    expect(rows.map((r) => r.username).sort()).toEqual([...DEMO_USERS.map((u) => u.username), ...DEMO_EMPLOYEE_LOGINS.map((l) => l.username)].sort());
  });

  it("gives three employees their own logins (DECISIONS §15), with a pending leave request and a pending day fix", async () => {
    const logins = await t.database.query<{ username: string; name: string; must: boolean }>(
      "select u.username, e.employee_name as name, u.must_change_password as must from users u join employees e on e.id = u.employee_id where u.role = 'Employee' order by u.username",
    );
    expect(logins).toEqual(DEMO_EMPLOYEE_LOGINS.map((l) => ({ username: l.username, name: l.employee, must: false })));
    const api = t.client();
    const res = await api.post("/api/auth/login", { username: "emp.demo", password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("mustChangePassword");
    expect((await api.get("/api/me/leave")).body.requests).toEqual([expect.objectContaining({ status: "Pending", leaveType: "PL" })]);
    expect(await count("select count(*)::int as n from leave_requests where status = 'Pending'")).toBe(1);
    expect(await count("select count(*)::int as n from regularisations where status = 'Pending'")).toBe(1);
  });

  it("creates at least 250 transactions, every status present, with approvals, attachments and overdue payments", async () => {
    expect(first.alreadyPresent).toBe(false);
    expect(await count("select count(*)::int as n from transactions")).toBeGreaterThanOrEqual(250);
    const statuses = await t.database.query<{ status: string; n: number }>(
      "select status::text as status, count(*)::int as n from transactions group by status",
    );
    for (const status of TRANSACTION_STATUSES) expect(statuses.find((s) => s.status === status)?.n ?? 0, status).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from approvals")).toBeGreaterThan(200);
    // Salary waiting with 1 of its 2 approvals; emergency transactions waiting; rejected then resubmitted.
    expect(
      await count(
        "select count(*)::int as n from transactions t join categories c on c.id = t.category_id where c.name = 'Salary' and t.status = 'Pending' and t.approvals_received = 1 and t.approvals_required = 2",
      ),
    ).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from transactions where status = 'Pending' and is_priority and is_emergency")).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from transactions where previously_rejected and status <> 'Rejected'")).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from transactions where status = 'PaymentDue' and payment_due_date < current_date")).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from attachments")).toBeGreaterThan(0);
    // Last month's paid transactions already exported to the books (DECISIONS §12).
    expect(await count("select count(*)::int as n from export_batches where voided_at is null and item_count > 0")).toBe(1);
    // Three months of history, not all stamped today.
    expect(await count("select count(*)::int as n from transactions where created_at < now() - interval '60 days'")).toBeGreaterThan(0);
  });

  it("sets the PIN of each emergency approver code, the ones the README lists, and the links it decided used them", async () => {
    const pins = await t.database.query<{ code: string; pin_hash: string }>("select code, pin_hash from emergency_approver_pins order by code");
    expect(pins.map((p) => p.code)).toEqual(["AK", "RS", "VM"]);
    for (const p of pins) expect(await verifyPassword(p.pin_hash, DEMO_EMERGENCY_PINS[p.code]!), p.code).toBe(true);
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
    for (const [code, pin] of Object.entries(DEMO_EMERGENCY_PINS)) expect(readme).toContain(`\`${code}\` \`${pin}\``);
    expect(await count("select count(*)::int as n from approvals where emergency_approver_code is not null")).toBeGreaterThan(0);
    expect(first.emergencyPins).toEqual(DEMO_EMERGENCY_PINS);
  });

  it("shows authority (DECISIONS §11): the two rules, an approver's limit, a delegation, and a large purchase waiting for a SuperAdmin", async () => {
    const rules = await t.database.query<{ name: string; min: string; n: number; sa: boolean }>(
      "select name, min_amount::text as min, required_approvals as n, super_admin_required as sa from approval_rules order by min_amount",
    );
    expect(rules).toEqual([
      { name: "Above ₹1,00,000", min: "100000.00", n: 2, sa: false },
      { name: "Above ₹5,00,000", min: "500000.00", n: 2, sa: true },
    ]);
    expect(await count("select count(*)::int as n from users where username = 'approver.demo' and approval_limit = 200000")).toBe(1);
    expect(
      await count(
        "select count(*)::int as n from delegations d join users a on a.id = d.delegator_id join users b on b.id = d.delegate_id where a.username = 'admin.demo' and b.username = 'approver.demo' and d.ended_at is null",
      ),
    ).toBe(1);
    expect(
      await count(
        "select count(*)::int as n from transactions where status = 'Pending' and amount = 650000 and (approval_policy->>'superAdminRequired')::boolean",
      ),
    ).toBe(1);
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
    for (const r of rules) expect(readme).toContain(r.name);
    // Vikram's own limit is ₹2,00,000; Rajesh's delegation lets him approve the ₹6,50,000 purchase.
    const [big] = await t.database.query<{ id: string }>("select id from transactions where status = 'Pending' and amount = 650000");
    const vikram = t.client();
    expect((await vikram.post("/api/auth/login", { username: "approver.demo", password: "Demo@1234" })).status).toBe(200);
    expect((await vikram.get(`/api/transactions/${big!.id}`)).body.availableMoves).toContain("approve");
  });

  it("submits its transactions after its rules exist: every submitted one above ₹1,00,000 needs 2 approvals, and every one approved in the app has them (DECISIONS §16)", async () => {
    const large = await t.database.query<{ id: string; number: string; amount: string; required: number; policy: number | null }>(
      `select id, human_readable_id as number, amount::text as amount, approvals_required as required, (approval_policy->>'approvalsRequired')::int as policy
         from transactions where status <> 'Draft' and amount >= 100000`,
    );
    expect(large.length).toBeGreaterThan(5);
    for (const r of large) {
      expect(r.required, `${r.number} ₹${r.amount}`).toBeGreaterThanOrEqual(2);
      expect(r.policy, `${r.number} ₹${r.amount}`).toBeGreaterThanOrEqual(2);
    }
    // Approved in the app (not by an emergency link): as many approvals in the round as the policy needs.
    const short = await t.database.query<{ number: string; required: number; given: number }>(
      `select t.human_readable_id as number, t.approvals_required as required, count(a.id)::int as given
         from transactions t
         join approvals a on a.transaction_id = t.id and a.round = t.approval_round and a.action = 'approved'
        where t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed')
        group by t.id
       having bool_and(a.emergency_approver_code is null) and count(a.id) < t.approvals_required`,
    );
    expect(short).toEqual([]);
  });

  it("registers the company and eight parties (three of them deducted TDS from) with valid GSTINs, and names them on vendor bills", async () => {
    const [company] = await t.database.query<{ value: { legalName: string; gstin: string; stateCode: string } }>(
      "select value from settings where key = 'company'",
    );
    expect(company?.value).toEqual({ legalName: "Sharma Textiles Pvt. Ltd.", gstin: "24AAACC1206D1ZM", stateCode: "24" });
    const rows = await t.database.query<{ name: string; gstin: string | null; state_code: string | null }>(
      "select name, gstin, state_code from parties order by name",
    );
    expect(rows).toHaveLength(8);
    for (const p of rows) if (p.gstin) expect(checkGstin(p.gstin).ok, p.name).toBe(true);
    expect(new Set(rows.map((p) => p.state_code)).size).toBeGreaterThanOrEqual(3);
    expect(rows.filter((p) => p.gstin === null)).toHaveLength(3);
    expect(await count("select count(*)::int as n from transactions where party_id is not null")).toBeGreaterThan(10);
  });

  it("opens Travel and Office Supplies to expense claims, and emp.demo has one claim in each state, paid back where paid (DECISIONS §15)", async () => {
    const open = await t.database.query<{ name: string }>("select name from categories where open_to_claims order by name");
    expect(open.map((c) => c.name)).toEqual(["Office Supplies", "Travel"]);
    const claims = await t.database.query<{ status: string; form_type: string; party_id: string | null; claimant_name: string }>(
      "select t.status::text as status, t.form_type::text as form_type, t.party_id, t.claimant_name from transactions t join users u on u.id = t.created_by where u.username = 'emp.demo' order by t.status",
    );
    expect(claims.map((c) => c.status).sort()).toEqual(["Approved", "Draft", "Paid", "Pending", "Rejected"]);
    expect(claims.every((c) => c.form_type === "B" && c.party_id === null && c.claimant_name)).toBe(true);
  });

  it("creates two budgets and the two designed categories with custom fields", async () => {
    expect(await count("select count(*)::int as n from budgets")).toBe(2);
    // Office Supplies is the demo's category open to expense claims (DECISIONS §15), without fields.
    const designed = await t.database.query<{ name: string; fields: number }>(
      "select name, jsonb_array_length(field_schema) as fields from categories where not is_builtin and name <> 'Office Supplies' order by name",
    );
    expect(designed.map((c) => c.name)).toEqual(["IT Equipment", "Marketing Events"]);
    expect(designed.every((c) => Number(c.fields) >= 3)).toBe(true);
  });

  it("creates GST bills intra-state, inter-state and under reverse charge, from parties with valid GSTINs, in the GST summary", async () => {
    const bills = await t.database.query<{ supply: string; reverse: boolean; itc: boolean; gstin: string | null; status: string }>(
      `select t.gst->>'supply' as supply, (t.gst->>'reverseCharge')::boolean as reverse, (t.gst->>'itcEligible')::boolean as itc, p.gstin, t.status::text as status
       from transactions t left join parties p on p.id = t.party_id where t.gst is not null`,
    );
    expect(bills.some((b) => b.supply === "intra" && !b.reverse)).toBe(true);
    expect(bills.some((b) => b.supply === "inter")).toBe(true);
    expect(bills.some((b) => b.reverse)).toBe(true);
    for (const b of bills) {
      expect(b.gstin && checkGstin(b.gstin).ok, b.gstin ?? "no GSTIN").toBe(true);
      expect(["Approved", "PaymentDue", "Paid", "Completed"]).toContain(b.status);
    }
  });

  it("has a contractor, a professional and a landlord with bills above and below their thresholds (DECISIONS §12 TDS)", async () => {
    const bills = await t.database.query<{ nature: string; amount: string; tds: string }>(
      `select n.name as nature, t.amount::text as amount, t.tds->>'amount' as tds
       from transactions t join parties p on p.id = t.party_id join tds_natures n on n.id = p.tds_nature_id
       where t.tds is not null order by t.human_readable_id`,
    );
    const of = (nature: string) => bills.filter((b) => b.nature === nature).map((b) => [b.amount, b.tds]);
    // 1 %: below, below, ₹32,000 reaching ₹30,000 a bill, ₹35,000 crossing ₹1,00,000 a year with the first two's ₹180 + ₹240.
    expect(of("Contractors")).toEqual([
      ["18000.00", "0.00"],
      ["24000.00", "0.00"],
      ["32000.00", "320.00"],
      ["35000.00", "770.00"],
    ]);
    // 10 % of the fees, GST left out: ₹35,000 below ₹50,000 a year; ₹40,000 crossing it with the first's ₹3,500.
    expect(of("Professional fees")).toEqual([
      ["41300.00", "0.00"],
      ["47200.00", "7500.00"],
    ]);
    // 10 % from ₹50,000 a month: ₹45,000 twice, then ₹55,000.
    expect(of("Rent of land or building")).toEqual([
      ["45000.00", "0.00"],
      ["45000.00", "0.00"],
      ["55000.00", "5500.00"],
    ]);
  });

  it("creates 40 employees in 5 departments, with attendance for both months", async () => {
    expect(await count("select count(*)::int as n from employees")).toBe(40);
    expect(await count("select count(distinct department_id)::int as n from employees")).toBe(5);
    const months = await t.database.query<{ month: string; full: number; late: number; review: number }>(
      `select to_char(date, 'YYYY-MM') as month,
              count(*) filter (where day_status = 'Present (Full)')::int as full,
              count(*) filter (where violation_points > 0)::int as late,
              count(*) filter (where day_status = 'Pending Review')::int as review
       from attendance_days group by 1 order by 1`,
    );
    expect(months).toHaveLength(2);
    for (const m of months) {
      expect(m.full, m.month).toBeGreaterThan(0);
      expect(m.late, m.month).toBeGreaterThan(0);
      expect(m.review, m.month).toBeGreaterThan(0);
    }
    // HR's leave register: the leave days carry their status, and someone is on leave today.
    expect(await count("select count(*)::int as n from leaves where cancelled_at is null")).toBeGreaterThanOrEqual(4);
    expect(await count("select count(*)::int as n from attendance_days where day_status = 'Paid Leave (PL)'")).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from attendance_days where day_status in ('Unpaid Leave (LWP)', 'Half-day (Paid)')")).toBeGreaterThan(0);
    // 'Mohd. Irfan' in the punch file reached 'Mohammed Irfan' through a name mapping.
    expect(await count("select count(*)::int as n from name_mappings where csv_name = 'Mohd. Irfan'")).toBe(1);
    expect(
      await count("select count(*)::int as n from punch_days p join employees e on e.id = p.employee_id where e.employee_name = 'Mohammed Irfan'"),
    ).toBeGreaterThan(0);
  });

  it("the demo users sign in and see their data", async () => {
    const approver = t.client();
    expect((await approver.post("/api/auth/login", { username: "approver.demo", password: "Demo@1234" })).status).toBe(200);
    const list = await approver.get("/api/transactions?limit=5");
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(100);
    expect((await approver.get("/api/transactions/pending")).body.length).toBeGreaterThan(0);

    const hr = t.client();
    expect((await hr.post("/api/auth/login", { username: "hr.staff.demo", password: "Demo@1234" })).status).toBe(200);
    expect((await hr.get("/api/hr/dashboard/stats")).status).toBe(200);
  });

  it("requires no second factor of anyone, and gives nobody one: the demo signs in in one step", async () => {
    expect(await count(`select count(*)::int as n from settings where key = 'security' and value->'requireSecondFactor' <> '[]'::jsonb`)).toBe(0);
    for (const table of ["passkeys", "totp_secrets", "recovery_codes"]) expect(await count(`select count(*)::int as n from ${table}`), table).toBe(0);
    const res = await t.client().post("/api/auth/login", { username: "admin.demo", password: "Demo@1234" });
    expect(res.body).toMatchObject({ user: { username: "admin.demo" }, secondFactorSetupRequired: false });
  });

  it("running it twice leaves every count unchanged", async () => {
    const before = await tableCounts();
    const second = await seedDemo(t.database, t.deps.storage, { config: t.config });
    expect(second.alreadyPresent).toBe(true);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses NODE_ENV=production", () => {
    expect(seedRefusal({ NODE_ENV: "production" })).toBe(PRODUCTION_REFUSAL);
    expect(seedRefusal({ NODE_ENV: "development" })).toBeNull();
    expect(seedRefusal({})).toBeNull();
  });
});
