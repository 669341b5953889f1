// Bench data of DECISIONS §9, made with set-based SQL so seeding takes seconds, not minutes.
import fs from "node:fs";
import { openPostgres, type DatabaseHandle } from "../server/db/client";
import { hashPassword } from "../server/auth/passwords";

export const BENCH_PASSWORD = "bench-password";

/**
 * The bench's own connections to PostgreSQL, for seeding and preparing: one statement fills 100,000
 * transactions through their triggers, and on a slow machine that runs past the 30 s
 * statement_timeout the server's requests keep (DECISIONS §9: seeding is not bound by it). Each
 * connection sets no limit of its own first, whatever the role or database would give it.
 */
export function openSeedingPostgres(url: string): DatabaseHandle {
  const handle = openPostgres(url, { max: 1, statementTimeoutMs: 0 });
  handle.pool!.on("connect", (client) => {
    // Queued before any statement of the connection's first checkout: it runs first.
    client.query("set statement_timeout = 0").catch(() => {});
  });
  return handle;
}

export async function seedUsers(handle: DatabaseHandle): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD);
  await handle.query(
    // These names are already their own username key (lower-case ASCII: auth/username-key.ts).
    `insert into users (username, username_key, name, role, password_hash)
     select u, u, n, r, $1 from (
       select 'bench_admin' as u, 'Bench Admin' as n, 'SuperAdmin'::role as r
       union all select 'bench_acc_' || g, 'Accountant ' || g, 'Accountant'::role from generate_series(1, 20) g
       union all select 'bench_appr_' || g, 'Approver ' || g, 'Approver'::role from generate_series(1, 10) g
       union all select 'bench_hradmin', 'Bench HR Admin', 'HR Admin'::role
       union all select 'bench_hrstaff', 'Bench HR Staff', 'HR Staff'::role
     ) s
     on conflict do nothing`,
    [hash],
  );
}

/** The bench's Employee login (DECISIONS §15), linked to the first employee, for the /me routes' weights. */
export async function seedEmployeeLogin(handle: DatabaseHandle): Promise<void> {
  // The bench password's hash is seedUsers' (hashing is slow on purpose): the admin's is copied.
  await handle.query(
    `insert into users (username, username_key, name, role, password_hash, employee_id)
     select 'bench_employee', 'bench_employee', e.employee_name, 'Employee'::role, a.password_hash, e.id
     from employees e, users a where e.is_active and a.username = 'bench_admin' order by e.employee_name limit 1
     on conflict do nothing`,
  );
}

/**
 * `count` transactions over the last 90 days: 0.2 % Pending (200 of 100,000: a heavy approval queue), the rest
 * spread over every other status; amounts up to ₹2 lakh; descriptions varied enough for search. Inserted in
 * the order they were created, as use leaves them: a later transaction has a later number (TXN-…) and, until
 * it changes, a later place in the table.
 */
export async function seedTransactions(handle: DatabaseHandle, count: number): Promise<void> {
  await handle.query(
    `with cats as (select array_agg(id order by name) as ids from categories),
          accs as (select array_agg(id order by username) as ids from users where role = 'Accountant')
     insert into transactions (form_type, category_id, amount, transaction_date, description, status, is_priority, is_emergency,
                               previously_rejected, created_by, approvals_required, approvals_received, approval_round,
                               is_paid, submitted_at, approved_at, paid_date, payment_method, created_at, updated_at)
     select case when g % 2 = 0 then 'R' else 'B' end::form_type,
            cats.ids[1 + (g % array_length(cats.ids, 1))],
            round((100 + (g * 7919 % 200000) + (g % 100) / 100.0)::numeric, 2),
            (current_date - (g % 90)),
            'Bench ' || (array['office supplies', 'vendor invoice', 'travel to Mumbai', 'electricity bill', 'salary advance', 'laptop repair', 'client lunch'])[1 + g % 7] || ' #' || g,
            s.status::transaction_status,
            g % 13 = 0, g % 29 = 0, g % 17 = 0,
            accs.ids[1 + (g % array_length(accs.ids, 1))],
            1, case when s.status in ('Approved','PaymentDue','Paid','Completed') then 1 else 0 end,
            case when s.status = 'Draft' then 0 else 1 end,
            s.status in ('Paid','Completed'),
            case when s.status <> 'Draft' then now() - ((g % 90) || ' days')::interval end,
            case when s.status in ('Approved','PaymentDue','Paid','Completed') then now() - ((g % 90) || ' days')::interval + interval '2 hours' end,
            -- Paid the day after approval, as the export to the books reads it (DECISIONS §12).
            case when s.status in ('Paid','Completed') then current_date - (g % 90) + 1 end,
            case when s.status in ('Paid','Completed') then (array['Bank Transfer', 'UPI', 'NEFT/RTGS', 'Cash', 'Check'])[1 + g % 5] end,
            now() - ((g % 90) || ' days')::interval - ((g % 1440) || ' minutes')::interval,
            now()
     from generate_series(1, $1::int) g, cats, accs,
          lateral (select case
            when g % 500 = 0 then 'Pending'
            when g % 10 = 1 then 'Draft'
            when g % 10 = 2 then 'Rejected'
            when g % 10 in (3, 4) then 'Approved'
            when g % 10 = 5 then 'PaymentDue'
            when g % 10 in (6, 7) then 'Paid'
            else 'Completed' end as status) s
     -- created_at's order, oldest first
     order by g % 90 desc, g % 1440 desc, g`,
    [count],
  );
  // As autovacuum leaves a settled table: statistics, and the visibility map that index-only scans need.
  await handle.query("vacuum analyze transactions, transaction_search, transaction_daily_totals, transaction_day_changes");
}

/**
 * What the transactions' lives leave behind, as the product writes it: an approval for every
 * transaction that reached Approved (and a rejection for the Rejected ones), audit entries for
 * create, submit and approve, notifications in every approver's bell (most read), and a budget per
 * category for this month and one for the quarter, so the Budget Planning screen draws its chart.
 */
export async function seedHistory(handle: DatabaseHandle): Promise<void> {
  await handle.query(
    `with appr as (select array_agg(id order by username) as ids from users where role = 'Approver')
     insert into approvals (transaction_id, approver_id, round, action, reason_text, acted_at)
     select t.id, appr.ids[1 + (abs(hashtext(t.id::text)) % array_length(appr.ids, 1))], 1,
            case when t.status = 'Rejected' then 'rejected' else 'approved' end::approval_action,
            case when t.status = 'Rejected' then 'Missing the invoice' end,
            coalesce(t.approved_at, t.submitted_at + interval '3 hours', t.created_at)
     from transactions t, appr
     where t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed', 'Rejected')`,
  );
  await handle.query(
    `insert into audit_log (action, entity_type, entity_id, performed_by, after_data, ip_address, timestamp)
     select a.action, 'transaction', t.id::text, t.created_by, jsonb_build_object('status', t.status, 'amount', t.amount), '10.0.0.7', a.at
     from transactions t
     cross join lateral (values ('create', t.created_at), ('submit', t.submitted_at), ('approve', t.approved_at)) as a(action, at)
     where a.at is not null`,
  );
  await handle.query(
    `insert into notifications (user_id, type, message, is_priority, transaction_id, human_readable_id, category, is_read, created_at)
     select u.id, 'transaction_pending', t.human_readable_id || ' is waiting for approval', t.is_priority, t.id, t.human_readable_id, c.name,
            n > 5, now() - (n || ' hours')::interval
     from users u
     cross join generate_series(1, 60) n
     join lateral (select * from transactions where status <> 'Draft' order by created_at desc offset n limit 1) t on true
     join categories c on c.id = t.category_id
     where u.role in ('Approver', 'SuperAdmin')`,
  );
  await handle.query(
    // Each budget is sized against what its category has spent in the period, so some are on
    // track, some near their alert and some over, as in a real company.
    `insert into budgets (name, category_id, amount, period, start_date, end_date, alert_threshold, created_by)
     select c.name || ' ' || p.label, c.id,
            greatest(100000, round(coalesce(spent.total, 0) * (array[0.9, 1.15, 1.6])[1 + (abs(hashtext(c.name || p.label)) % 3)], -3)),
            p.period::budget_period, p.start_date, p.end_date, 80,
            (select id from users where role = 'SuperAdmin' order by username limit 1)
     from categories c
     cross join (values
       ('this month', 'monthly', date_trunc('month', current_date)::date, (date_trunc('month', current_date) + interval '1 month - 1 day')::date),
       ('this quarter', 'quarterly', date_trunc('quarter', current_date)::date, (date_trunc('quarter', current_date) + interval '3 months - 1 day')::date)
     ) as p(label, period, start_date, end_date)
     cross join lateral (select sum(t.amount) as total from transactions t
       where t.category_id = c.id and t.status in ('Approved', 'PaymentDue', 'Paid', 'Completed') and t.transaction_date between p.start_date and p.end_date) spent
     where c.is_active`,
  );
  await handle.query("vacuum analyze approvals, audit_log, notifications, budgets");
}

export async function seedEmployees(handle: DatabaseHandle, count: number): Promise<void> {
  await handle.query(`insert into departments (name) select unnest(array['Finance','Operations','Sales','Engineering','Support']) on conflict do nothing`);
  await handle.query(
    `with d as (select array_agg(id order by name) as ids from departments)
     insert into employees (employee_name, employee_code, department_id, joining_date, monthly_salary)
     select 'Bench Employee ' || g, 'BE' || lpad(g::text, 5, '0'), d.ids[1 + g % array_length(d.ids, 1)], date '2020-01-01', 30000 + (g % 50) * 1000
     from generate_series(1, $1::int) g, d
     on conflict do nothing`,
    [count],
  );
}

/**
 * A realistic punch file: `employees` people over one month, about `rows` rows in all — many
 * door punches a day, late arrivals, missing punch-outs and exact duplicates.
 */
export function writePunchCsv(file: string, month: string, employees: number, rows: number): number {
  const [y, m] = month.split("-").map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const perDay = Math.max(2, Math.round(rows / (employees * days)));
  const out = fs.openSync(file, "w");
  let written = 0;
  let buffer = "Employee Name,Date,Time,Event Type\n";
  const pad = (n: number) => String(n).padStart(2, "0");
  for (let e = 1; e <= employees && written < rows; e++) {
    const name = `Bench Employee ${e}`;
    for (let d = 1; d <= days && written < rows; d++) {
      const date = e % 2 === 0 ? `${y}-${pad(m)}-${pad(d)}` : `${pad(d)}/${pad(m)}/${y}`;
      let minute = 9 * 60 + ((e * 7 + d * 13) % 40); // 09:00–09:39, some late
      for (let p = 0; p < perDay && written < rows; p++) {
        const missingOut = (e + d) % 23 === 0 && p === perDay - 1;
        if (!missingOut) {
          const type = p % 2 === 0 ? "IN" : "OUT";
          const line = `${name},${date},${pad(Math.floor(minute / 60) % 24)}:${pad(minute % 60)},${type}\n`;
          buffer += line;
          written++;
          // An exact duplicate now and then, as biometric exports have.
          if ((e + d + p) % 97 === 0 && written < rows) {
            buffer += line;
            written++;
          }
        }
        minute += Math.max(3, Math.floor((9 * 60) / perDay));
      }
      if (buffer.length > 1 << 20) {
        fs.writeSync(out, buffer);
        buffer = "";
      }
    }
  }
  fs.writeSync(out, buffer);
  fs.closeSync(out);
  return written;
}

/** The year the extra paid transactions of the export to the books are paid in, far from every read's window. */
export const EXPORT_YEAR = 2020;

/**
 * Paid transactions for the export to the books (DECISIONS §12), enough that `count` are paid in
 * EXPORT_YEAR: bills of 50 parties (each a Journal and a Payment in Tally) and bills and receipts
 * without one, created by the SuperAdmin in that year so no Accountant's or Approver's read sees them.
 * A kept database already holds them from an earlier run: the batches that took them are voided (as
 * a SuperAdmin voids one) so this run exports the same `count` again, and the CSV export still
 * streams the data sizes of DECISIONS §9, not one more year of them per run.
 */
export async function seedPaidForExport(handle: DatabaseHandle, count: number): Promise<void> {
  const [held] = await handle.query<{ n: number }>(
    `select count(*)::int as n from transactions
     where description like 'Export bench %' and transaction_date >= make_date($1::int, 1, 1) and transaction_date < make_date($1::int + 1, 1, 1)`,
    [EXPORT_YEAR],
  );
  if ((held?.n ?? 0) >= count) {
    await handle.query(
      `with voided as (
         update export_batches set voided_at = now(), void_reason = 'Exported again by the bench'
         where voided_at is null and from_date >= make_date($1::int, 1, 1) and from_date < make_date($1::int + 1, 1, 1)
         returning id)
       update export_items set live = false where live and batch_id in (select id from voided)`,
      [EXPORT_YEAR],
    );
    return;
  }
  await handle.query(
    `insert into parties (name, gstin, state_code)
     select 'Bench Supplier ' || g, null, lpad((1 + g % 37)::text, 2, '0') from generate_series(1, 50) g
     on conflict do nothing`,
  );
  await handle.query(
    `with cats as (select array_agg(id order by name) as ids from categories),
          ps as (select array_agg(id order by name) as ids from parties where name like 'Bench Supplier %'),
          admin as (select id from users where username = 'bench_admin')
     insert into transactions (form_type, category_id, amount, transaction_date, description, status, created_by,
                               approvals_required, approvals_received, approval_round, is_paid, submitted_at, approved_at,
                               paid_date, payment_method, party_id, created_at, updated_at)
     select case when g % 5 = 0 then 'R' else 'B' end::form_type,
            cats.ids[1 + (g % array_length(cats.ids, 1))],
            round((100 + (g * 7919 % 200000) + (g % 100) / 100.0)::numeric, 2),
            make_date($2::int, 1, 1) + (g % 365),
            'Export bench ' || (array['printer toner', 'courier', 'office rent', 'scrap sale', 'audit fee'])[1 + g % 5] || ' #' || g,
            'Paid', admin.id, 1, 1, 1, true,
            make_date($2::int, 1, 1) + (g % 365), make_date($2::int, 1, 1) + (g % 365),
            make_date($2::int, 1, 1) + (g % 365) + 1,
            (array['Bank Transfer', 'UPI', 'NEFT/RTGS', 'Cash', 'Check'])[1 + g % 5],
            case when g % 3 <> 0 and g % 5 <> 0 then ps.ids[1 + (g % array_length(ps.ids, 1))] end,
            make_date($2::int, 1, 1) + (g % 365), now()
     from generate_series(1, $1::int) g, cats, ps, admin
     order by g % 365, g`,
    [count, EXPORT_YEAR],
  );
}
