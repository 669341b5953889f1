import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import { createTestApp, type ApiClient, type TestApp } from "../test/harness";
import { attendanceDays, attendanceImports, auditLog, type EmployeeRow } from "../db/schema";
import { csv, HEADER, makeDepartment, makeEmployee, storedPunches, upload } from "../test/hr-fixtures";
import { loadPolicy } from "../services/hr/policy";
import { recalculateDays } from "../services/hr/recalculate";
import { coverageOfDays } from "../services/hr/coverage";
import { importPunches } from "../services/hr/import/import-punches";
import { openPostgres, type DatabaseHandle } from "../db/client";
import { APP_ROLE_MODE } from "../test/databases";
import { waitUntil } from "../test/processes";

// Today is Saturday 2026-11-21 in Asia/Kolkata: October 2026 lies wholly in the past.
const NOW = new Date("2026-11-21T06:30:00Z");

let t: TestApp;
let hr: ApiClient;
let deptId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  hr = (await t.signIn("HR Staff")).api;
  deptId = (await makeDepartment(t.db)).id;
});
afterAll(async () => {
  await t?.close();
});

const newEmployee = (name: string, extra: Partial<EmployeeRow> = {}) => makeEmployee(t.db, { departmentId: deptId, employeeName: name, ...extra });

async function dayOf(employeeId: string, date: string) {
  const [row] = await t.db
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.date, date)));
  return row;
}

const punchCount = (employeeId?: string) => storedPunches(t.db, employeeId ? [employeeId] : undefined);

describe("POST /api/hr/import/upload: access and input", () => {
  it("is 401 signed out and 403 for an Accountant", async () => {
    const file = csv([HEADER, ["X", "2026-10-05", "09:00", "IN"]]);
    expect((await upload(t.client(), file, { month: "2026-10" })).status).toBe(401);
    const { api } = await t.signIn("Accountant");
    expect((await upload(api, file, { month: "2026-10" })).status).toBe(403);
  });

  it("needs a file and a month, with the spec's messages", async () => {
    const noFile = await upload(hr, null, { month: "2026-10" });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe("Please select a CSV file to import");
    const noMonth = await upload(hr, csv([HEADER]), {});
    expect(noMonth.status).toBe(400);
    expect(noMonth.body.issues).toEqual([{ path: "month", message: "Please select the month for this attendance data" }]);
    const badMonth = await upload(hr, csv([HEADER]), { month: "2026-13" });
    expect(badMonth.status).toBe(400);
  });
});

describe("import rules (DECISIONS §8)", () => {
  it("reads BOM, CRLF, loose headers, both date formats, seconds and IN/OUT in any case; late arrival 09:50 is 1 point", async () => {
    const ravi = await newEmployee("Ravi Kumar Bom");
    const file = csv(
      [
        ["employee name", "DATE", " time ", "EVENT_TYPE", "Device"],
        ["Ravi Kumar Bom", "2026-10-05", "09:50", "IN", "D1"],
        ["ravi  kumar BOM", "05/10/2026", "18:05:30", "out", "D1"],
        ["RAVIKUMARBOM", "6/10/2026", "09:20:15", "Punch_In", "D1"],
        ["Ravi Kumar Bom", "2026-10-06", "15:30", "punch_out", "D1"],
      ],
      { eol: "\r\n", bom: true },
    );
    const res = await upload(hr, file, { month: "2026-10" });
    expect(res.status).toBe(200);
    // October had ended before this upload: the import records the whole month (DECISIONS §8), and
    // says that the 7th to the 31st will be judged although the file has no punch of them.
    expect(res.body).toEqual({
      processedEvents: 4,
      totalRows: 4,
      skippedRows: 0,
      duplicateEvents: 0,
      unmatchedNames: [],
      errors: [],
      coveredThrough: "2026-10-31",
      monthCoveredThrough: "2026-10-31",
      coverageWarning: "The file's last punch is on day 6, but the import will record the month through day 31: days 7–31 will be marked Absent for everyone.",
    });

    const monday = await dayOf(ravi.id, "2026-10-05");
    expect(monday).toMatchObject({
      dayStatus: "Present (Full)",
      firstInTime: "09:50:00",
      lastOutTime: "18:05:30",
      violationPoints: 1,
      violationReason: "Late arrival 09:50",
      isManual: false,
    });
    expect(Number(monday.totalHours)).toBeCloseTo(8.26, 2);
    const tuesday = await dayOf(ravi.id, "2026-10-06");
    expect(tuesday).toMatchObject({ dayStatus: "Half-day (Unpaid)", violationPoints: 0, violationReason: null, firstInTime: "09:20:15" });
  });

  it("marks every past day of the month for an employee in the file: no punch → Absent (Unpaid), weekly off → Weekly Off", async () => {
    const asha = await newEmployee("Asha Fill", { joiningDate: "2026-10-10" });
    const res = await upload(hr, csv([HEADER, ["Asha Fill", "2026-10-12", "09:00", "IN"], ["Asha Fill", "2026-10-12", "18:00", "OUT"]]), { month: "2026-10" });
    expect(res.status).toBe(200);
    const days = await t.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, asha.id));
    // 10 to 31 October: 22 days, nothing before the joining date.
    expect(days).toHaveLength(22);
    expect(days.every((d) => d.date >= "2026-10-10")).toBe(true);
    const byStatus = (s: string) => days.filter((d) => d.dayStatus === s).length;
    expect(byStatus("Weekly Off")).toBe(3); // 11, 18, 25
    expect(byStatus("Present (Full)")).toBe(1);
    expect(byStatus("Absent (Unpaid)")).toBe(18);
  });

  it("never marks days after today, and records the current month only through yesterday", async () => {
    const neel = await newEmployee("Neel Future");
    const res = await upload(hr, csv([HEADER, ["Neel Future", "2026-11-20", "09:00", "IN"], ["Neel Future", "2026-11-25", "09:00", "IN"]]), {
      month: "2026-11",
    });
    expect(res.status).toBe(200);
    // The punch of the 25th is refused (below); the 20th's is stored.
    expect(res.body.processedEvents).toBe(1);
    expect(res.body.errors).toEqual([{ row: 3, message: "Punch is in the future" }]);
    const days = await t.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, neel.id));
    // Today (the 21st) is not over: without a punch of it, nothing is stored for it.
    expect(res.body.coveredThrough).toBe("2026-11-20");
    expect(
      days
        .map((d) => d.date)
        .sort()
        .at(-1),
    ).toBe("2026-11-20");
    expect((await dayOf(neel.id, "2026-11-20")).dayStatus).toBe("Pending Review");
  });

  it("a day with only a punch in is Pending Review (single_punch)", async () => {
    const meera = await newEmployee("Meera Single");
    await upload(hr, csv([HEADER, ["Meera Single", "2026-10-07", "09:10", "IN"]]), { month: "2026-10" });
    expect(await dayOf(meera.id, "2026-10-07")).toMatchObject({
      dayStatus: "Pending Review",
      reviewReason: "single_punch",
      firstInTime: "09:10:00",
      lastOutTime: null,
    });
  });

  it("counts unknown names with their rows, skips other months, reports bad rows while storing good ones", async () => {
    const kiran = await newEmployee("Kiran Mixed");
    const file = csv([
      HEADER,
      ["Kiran Mixed", "2026-10-08", "09:00", "IN"],
      ["Nobody Known", "2026-10-08", "09:00", "IN"],
      ["Kiran Mixed", "2026-10-08", "25:00", "OUT"],
      ["Nobody Known", "2026-10-09", "09:00", "OUT"],
      ["Kiran Mixed", "2026-09-30", "09:00", "IN"],
      ["Kiran Mixed", "01/11/2026", "09:00", "IN"],
      ["", "", "", ""],
      ["Kiran Mixed", "2026-10-08", "18:00", "sideways"],
      ["Kiran Mixed", "2026-10-08", "18:30", "OUT"],
    ]);
    const res = await upload(hr, file, { month: "2026-10" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      processedEvents: 2,
      totalRows: 8,
      skippedRows: 2,
      duplicateEvents: 0,
      unmatchedNames: [{ name: "Nobody Known", rows: 2 }],
      errors: [
        { row: 4, message: 'Invalid time "25:00" (expected HH:MM or HH:MM:SS)' },
        { row: 9, message: 'Invalid event type "sideways" (expected punch_in, punch_out, IN or OUT)' },
      ],
      coveredThrough: "2026-10-31",
      monthCoveredThrough: "2026-10-31",
      coverageWarning: "The file's last punch is on day 9, but the import will record the month through day 31: days 10–31 will be marked Absent for everyone.",
    });
    expect(await punchCount(kiran.id)).toBe(2);
    expect((await dayOf(kiran.id, "2026-10-08")).dayStatus).toBe("Present (Full)");
    const [record] = await t.db.select().from(attendanceImports).orderBy(desc(attendanceImports.createdAt)).limit(1);
    expect(record).toMatchObject({ totalRows: 8, processedEvents: 2, skippedRows: 2, errorRows: 2, month: "2026-10", fileName: "punches.csv" });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "import"), eq(auditLog.entityId, record.id)));
    expect(entry.action).toBe("import");
  });

  it("stores a repeated event once, counts it as a duplicate, and a re-import changes nothing", async () => {
    const dev = await newEmployee("Dev Repeat");
    const rows = [
      HEADER,
      ["Dev Repeat", "2026-10-13", "09:00", "IN"],
      ["Dev Repeat", "2026-10-13", "09:00", "in"],
      ["Dev Repeat", "13/10/2026", "09:00:00", "punch_in"],
      ["Dev Repeat", "2026-10-13", "18:00", "OUT"],
    ];
    const first = await upload(hr, csv(rows), { month: "2026-10" });
    expect(first.body).toMatchObject({ processedEvents: 2, totalRows: 4, duplicateEvents: 2 });
    const before = await t.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, dev.id));
    const again = await upload(hr, csv(rows), { month: "2026-10" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ processedEvents: 0, totalRows: 4, duplicateEvents: 4 });
    expect(await punchCount(dev.id)).toBe(2);
    const after = await t.db.select().from(attendanceDays).where(eq(attendanceDays.employeeId, dev.id));
    expect(after).toEqual(before);
  });

  it("punches within the duplicate window count once in the day computation", async () => {
    const om = await newEmployee("Om Window");
    const res = await upload(
      hr,
      csv([HEADER, ["Om Window", "2026-10-14", "09:00", "IN"], ["Om Window", "2026-10-14", "09:01:30", "IN"], ["Om Window", "2026-10-14", "18:00", "OUT"]]),
      { month: "2026-10" },
    );
    expect(res.body.processedEvents).toBe(3);
    expect(await dayOf(om.id, "2026-10-14")).toMatchObject({ dayStatus: "Present (Full)", reviewReason: null });
  });

  it("two concurrent imports of the same file store each event once", async () => {
    const zoya = await newEmployee("Zoya Concurrent");
    const file = csv([HEADER, ["Zoya Concurrent", "2026-10-15", "09:00", "IN"], ["Zoya Concurrent", "2026-10-15", "18:00", "OUT"]]);
    const [a, b] = await Promise.all([upload(hr, file, { month: "2026-10" }), upload(hr, file, { month: "2026-10" })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.processedEvents + b.body.processedEvents).toBe(2);
    expect(a.body.duplicateEvents + b.body.duplicateEvents).toBe(2);
    expect(await punchCount(zoya.id)).toBe(2);
  });

  it("a name mapping makes an unknown name match on the next import", async () => {
    const sunil = await newEmployee("Sunil Mapped");
    const file = csv([HEADER, ["S. Mapped", "2026-10-16", "09:00", "IN"], ["S. Mapped", "2026-10-16", "18:00", "OUT"]]);
    const first = await upload(hr, file, { month: "2026-10" });
    expect(first.body.unmatchedNames).toEqual([{ name: "S. Mapped", rows: 2 }]);
    expect(first.body.processedEvents).toBe(0);
    const mapping = await hr.post("/api/hr/name-mappings", { csvName: "S.  mapped", employeeId: sunil.id });
    expect(mapping.status).toBe(201);
    const second = await upload(hr, file, { month: "2026-10" });
    expect(second.body).toMatchObject({ processedEvents: 2, unmatchedNames: [] });
    expect((await dayOf(sunil.id, "2026-10-16")).dayStatus).toBe("Present (Full)");
  });

  it("a day edited by hand keeps its edit through a re-import", async () => {
    const lata = await newEmployee("Lata Manual");
    await upload(hr, csv([HEADER, ["Lata Manual", "2026-10-19", "09:00", "IN"]]), { month: "2026-10" });
    const day = await dayOf(lata.id, "2026-10-19");
    expect(day.dayStatus).toBe("Pending Review");
    const edit = await hr.put(`/api/hr/attendance/${day.id}`, { dayStatus: "Paid Leave (PL)", reason: "Approved leave" });
    expect(edit.status).toBe(200);
    const res = await upload(hr, csv([HEADER, ["Lata Manual", "2026-10-19", "09:00", "IN"], ["Lata Manual", "2026-10-19", "18:00", "OUT"]]), {
      month: "2026-10",
    });
    expect(res.body).toMatchObject({ processedEvents: 1, duplicateEvents: 1 });
    expect(await dayOf(lata.id, "2026-10-19")).toMatchObject({
      dayStatus: "Paid Leave (PL)",
      isManual: true,
      editReason: "Approved leave",
      lastOutTime: "18:00:00",
    });
  });
});

describe("how punches are stored: a row per employee and day", () => {
  const storedDays = async (employeeId: string) =>
    t.database.query<{ date: string; times: string; types: string }>(
      "select punch_date::text as date, punch_times::text as times, punch_types::text as types from punch_days where employee_id = $1 order by punch_date",
      [employeeId],
    );

  it("a later import adds only the punches a stored day lacks; a day keeps its punches in time order, each once", async () => {
    const ravi = await newEmployee("Ravi Merge");
    const first = await upload(
      hr,
      csv([
        HEADER,
        ["Ravi Merge", "2026-10-21", "18:00", "OUT"],
        ["Ravi Merge", "2026-10-21", "09:00", "IN"],
        ["Ravi Merge", "2026-10-21", "09:00", "IN"],
        // A new day's punches at the same minute: in before out, as a stored day's are.
        ["Ravi Merge", "2026-10-23", "13:00", "OUT"],
        ["Ravi Merge", "2026-10-23", "13:00:00", "in"],
      ]),
      { month: "2026-10" },
    );
    expect(first.body).toMatchObject({ processedEvents: 4, duplicateEvents: 1 });
    const more = csv([
      HEADER,
      ["Ravi Merge", "2026-10-21", "09:00", "IN"],
      ["Ravi Merge", "2026-10-21", "13:00", "OUT"],
      ["Ravi Merge", "2026-10-21", "13:00", "IN"],
      ["Ravi Merge", "2026-10-22", "09:05", "IN"],
    ]);
    const second = await upload(hr, more, { month: "2026-10" });
    expect(second.body).toMatchObject({ processedEvents: 3, duplicateEvents: 1 });
    const expected = [
      { date: "2026-10-21", times: "{09:00:00,13:00:00,13:00:00,18:00:00}", types: "{in,in,out,out}" },
      { date: "2026-10-22", times: "{09:05:00}", types: "{in}" },
      { date: "2026-10-23", times: "{13:00:00,13:00:00}", types: "{in,out}" },
    ];
    expect(await storedDays(ravi.id)).toEqual(expected);
    expect(await punchCount(ravi.id)).toBe(7);
    // The same file again adds nothing.
    expect((await upload(hr, more, { month: "2026-10" })).body).toMatchObject({ processedEvents: 0, duplicateEvents: 4 });
    expect(await storedDays(ravi.id)).toEqual(expected);
  });

  it("every stored day names an employee: the foreign key is declared and checked, for every role", async () => {
    const keys = await t.database.query<{ conname: string }>(
      "select conname from pg_constraint where conrelid = 'punch_days'::regclass and contype = 'f' order by conname",
    );
    expect(keys.map((k) => k.conname)).toEqual(["punch_days_employee_id_employees_id_fk"]);
    await expect(
      t.database.query(
        "insert into punch_days (employee_id, punch_date, punch_times, punch_types) values (gen_random_uuid(), '2026-10-01', '{09:00}', '{in}')",
      ),
    ).rejects.toMatchObject({ code: "23503" });
  });
});

describe("batched recalculation", () => {
  it("gives the same days when employees are loaded one group at a time (pipelined), and rewrites nothing unchanged", async () => {
    const people = await Promise.all(["Gita Group", "Hari Group", "Ishan Group"].map((n) => newEmployee(n)));
    const rows = people.flatMap((p, i) => [
      [p.employeeName, "2026-10-21", `09:${40 + i * 5}`, "IN"],
      [p.employeeName, "2026-10-21", "18:00", "OUT"],
    ]);
    expect((await upload(hr, csv([HEADER, ...rows]), { month: "2026-10" })).body.processedEvents).toBe(6);
    const ids = people.map((p) => p.id);
    const read = () =>
      t.db
        .select()
        .from(attendanceDays)
        .where(sql`${attendanceDays.employeeId} = any(${sql.param(ids)}::uuid[])`)
        .orderBy(attendanceDays.employeeId, attendanceDays.date);
    const before = await read();
    expect(before).toHaveLength(93);
    const scope = { employeeIds: ids, from: "2026-10-01", to: "2026-10-31", today: "2026-11-21", groupSize: 1 };
    const recalculate = () =>
      t.db.transaction(async (tx) => recalculateDays(tx, await loadPolicy(tx), { ...scope, coverage: await coverageOfDays(tx, scope.from, scope.to) }));
    expect(await recalculate()).toBe(0);
    await t.db.delete(attendanceDays).where(sql`${attendanceDays.employeeId} = any(${sql.param(ids)}::uuid[])`);
    expect(await recalculate()).toBe(93);
    const strip = (list: typeof before) => list.map(({ id: _id, updatedAt: _u, ...rest }) => rest);
    expect(strip(await read())).toEqual(strip(before));
  });
});

describe("files refused whole store nothing", () => {
  async function storedCounts() {
    const [r] = await t.database.query<{ p: number; i: number; d: number }>(
      "select (select count(*) from punch_days)::int as p, (select count(*) from attendance_imports)::int as i, (select count(*) from attendance_days)::int as d",
    );
    return r;
  }

  it("refuses a file missing required columns", async () => {
    await newEmployee("Vik Missing");
    const before = await storedCounts();
    const res = await upload(
      hr,
      csv([
        ["Employee Name", "Date", "Time"],
        ["Vik Missing", "2026-10-05", "09:00"],
      ]),
      { month: "2026-10" },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Missing required column: Event Type. Required columns: Employee Name, Date, Time, Event Type");
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses a file that is not CSV (binary content, or another type and name)", async () => {
    const before = await storedCounts();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    const binary = await upload(hr, png, { month: "2026-10" }, "punches.csv");
    expect(binary.status).toBe(400);
    const image = await upload(hr, Buffer.from("Employee Name,Date,Time,Event Type\n"), { month: "2026-10" }, "photo.png");
    expect(image.status).toBe(400);
    const empty = await upload(hr, Buffer.alloc(0), { month: "2026-10" });
    expect(empty.status).toBe(400);
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses a file over 100 MB with 413", async () => {
    const big = Buffer.alloc(100 * 1024 * 1024 + 1, 0x41);
    const res = await upload(hr, big, { month: "2026-10" });
    expect(res.status).toBe(413);
  }, 60_000);
});

describe("dry run", () => {
  it("answers the counts and a preview of computed days, and stores nothing", async () => {
    const pia = await newEmployee("Pia Dry");
    const before = await t.database.query<{ n: number }>("select count(*)::int as n from attendance_imports");
    const res = await upload(hr, csv([HEADER, ["Pia Dry", "2026-10-20", "09:55", "IN"], ["Pia Dry", "2026-10-20", "18:00", "OUT"]]), {
      month: "2026-10",
      dryRun: "true",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      processedEvents: 2,
      totalRows: 2,
      dryRun: true,
      preview: { month: "2026-10", matchedEmployees: 1, firstDate: "2026-10-20", lastDate: "2026-10-20" },
    });
    const day = res.body.preview.days.find((d: { date: string }) => d.date === "2026-10-20");
    expect(day).toMatchObject({ dayStatus: "Present (Full)", violationPoints: 1, violationReason: "Late arrival 09:55" });
    expect(await punchCount(pia.id)).toBe(0);
    expect(await dayOf(pia.id, "2026-10-20")).toBeUndefined();
    expect(await t.database.query("select count(*)::int as n from attendance_imports")).toEqual(before);
  });
});

describe("a punch dated after today (DECISIONS §8)", () => {
  const punchDates = async (employeeId: string) =>
    (await t.database.query<{ d: string }>(`select punch_date::text as d from punch_days where employee_id = '${employeeId}' order by punch_date`)).map(
      (r) => r.d,
    );
  const file = (name: string) =>
    csv([
      HEADER,
      [name, "2026-11-20", "09:20", "IN"],
      [name, "2026-11-20", "18:00", "OUT"],
      [name, "2026-11-21", "09:10", "IN"],
      [name, "2026-11-22", "09:15", "IN"],
      [name, "30/11/2026", "18:00", "OUT"],
    ]);

  it("is reported in errors as 'Punch is in the future' and not stored; the good rows are; the dry run says the same", async () => {
    const zoe = await newEmployee("Zoe Future");
    const dry = await upload(hr, file("Zoe Future"), { month: "2026-11", dryRun: "true" });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, totalRows: 5, processedEvents: 3, preview: { lastDate: "2026-11-21", newestPunch: "2026-11-21" } });
    expect(dry.body.errors).toEqual([
      { row: 5, message: "Punch is in the future" },
      { row: 6, message: "Punch is in the future" },
    ]);
    expect(await punchDates(zoe.id)).toEqual([]);

    const res = await upload(hr, file("Zoe Future"), { month: "2026-11" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRows: 5, processedEvents: 3, duplicateEvents: 0, skippedRows: 0 });
    expect(res.body.errors).toEqual(dry.body.errors);
    // Today's punch is stored (today is 21 November in Kolkata); nothing after it.
    expect(await punchDates(zoe.id)).toEqual(["2026-11-20", "2026-11-21"]);
    expect(await punchCount(zoe.id)).toBe(3);
    expect(await t.database.query("select count(*)::int as n from punch_days where punch_date > '2026-11-21'")).toEqual([{ n: 0 }]);
    expect(await dayOf(zoe.id, "2026-11-22")).toBeUndefined();
  });

  it("'after today' is by the app's time zone: at 01:30 in Kolkata (still yesterday in UTC) today's punches are not in the future", async () => {
    const early = await createTestApp({ clock: () => new Date("2026-11-20T20:00:00Z") });
    try {
      const { api } = await early.signIn("HR Staff");
      const ida = await makeEmployee(early.db, { departmentId: (await makeDepartment(early.db)).id, employeeName: "Ida Early" });
      const res = await upload(api, csv([HEADER, ["Ida Early", "2026-11-21", "01:05", "IN"], ["Ida Early", "2026-11-22", "09:00", "IN"]]), {
        month: "2026-11",
      });
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([{ row: 3, message: "Punch is in the future" }]);
      expect(await storedPunches(early.db, [ida.id])).toBe(1);
    } finally {
      await early.close();
    }
  });
});

// The import locks the employees a punch may name, as a foreign-key check would, and takes the
// same path whatever the database role. These pin both.
describe.runIf(inject("postgresUrl"))("the punches' foreign keys, on PostgreSQL", () => {
  const orphanPunches = async () =>
    Number(
      (
        await t.database.query<{ n: number }>(
          "select count(*)::int as n from punch_days p where not exists (select 1 from employees e where e.id = p.employee_id)",
        )
      )[0].n,
    );

  const importsWaitingOnEmployees = async () =>
    Number(
      (
        await t.database.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%from employees for key share%'",
        )
      )[0].n,
    ) === 1;

  it("an employee deleted while the import runs is never left with punches: the import waits for the delete, then finds no such name", async () => {
    const gone = await newEmployee("Gopal Deleted");
    const client = await t.database.pool!.connect();
    try {
      await client.query("begin");
      await client.query("delete from employees where id = $1", [gone.id]);
      const importing = upload(hr, csv([HEADER, ["Gopal Deleted", "2026-10-20", "09:00", "IN"], ["Gopal Deleted", "2026-10-20", "18:00", "OUT"]]), {
        month: "2026-10",
      }).then((r) => r);
      // The import's name lookup waits on the deleted row's lock (as a foreign-key check would).
      await waitUntil("the import to wait on the deleted employee", importsWaitingOnEmployees, { timeoutMs: 15_000 });
      await client.query("commit");
      const res = await importing;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ processedEvents: 0, unmatchedNames: [{ name: "Gopal Deleted", rows: 2 }] });
    } finally {
      await client.query("rollback").catch(() => {});
      client.release();
    }
    expect(await punchCount(gone.id)).toBe(0);
    expect(await orphanPunches()).toBe(0);
  });

  it("a role that is not a superuser (and may not set session_replication_role) imports the same file with the same outcome", async () => {
    // In app-role mode the test database's own connection already is such a role.
    let plain = t.database as DatabaseHandle;
    if (!APP_ROLE_MODE) {
      await t.database.query(`do $$ begin create role bms_import_plain login nosuperuser; exception when duplicate_object then null; end $$`);
      await t.database.query("grant select, insert, update, delete on all tables in schema public to bms_import_plain");
      await t.database.query("grant usage, select on all sequences in schema public to bms_import_plain");
      const url = new URL(t.database.url!);
      url.username = "bms_import_plain";
      plain = openPostgres(url.toString(), { max: 1 });
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-import-plain-"));
    try {
      const [may] = await plain.query<{ superuser: string; ok: boolean }>(
        "select current_setting('is_superuser') as superuser, has_parameter_privilege('session_replication_role', 'SET') as ok",
      );
      expect(may).toEqual({ superuser: "off", ok: false });
      const asha = await newEmployee("Asha Plainrole");
      const { user } = await t.signIn("HR Staff");
      const filePath = path.join(dir, "punches.csv");
      fs.writeFileSync(
        filePath,
        csv([
          HEADER,
          ["Asha Plainrole", "2026-10-22", "09:00", "IN"],
          ["Asha Plainrole", "2026-10-22", "18:00", "OUT"],
          ["Nobody Known", "2026-10-22", "09:00", "IN"],
        ]),
      );
      const actor = { id: user.id, role: "HR Staff" as const, name: user.name, username: user.username, visibilityWindowDays: 0 };
      const answer = await importPunches(
        { db: plain.db, actor, ip: null, clock: () => new Date("2026-11-21T06:30:00Z"), config: { appTimezone: "Asia/Kolkata" } },
        { filePath, fileName: "punches.csv", month: "2026-10", dryRun: false },
      );
      expect(answer).toMatchObject({ processedEvents: 2, totalRows: 3, unmatchedNames: [{ name: "Nobody Known", rows: 1 }] });
      expect(await punchCount(asha.id)).toBe(2);
      expect(await dayOf(asha.id, "2026-10-22")).toMatchObject({ dayStatus: "Present (Full)" });
    } finally {
      if (plain !== t.database) await plain.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
