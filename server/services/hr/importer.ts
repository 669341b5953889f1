// The attendance CSV import (DECISIONS §8, §9). The uploaded file (already on disk) is streamed
// through papaparse, never held whole in memory; each row is read by punch-csv.ts's rules, names
// are matched in memory, and good punches are inserted 2,000 per statement with ON CONFLICT DO
// NOTHING on the natural key, so a re-import or a concurrent import of the same file stores each
// event once. Everything, including the recalculation of the affected days, runs in one
// transaction: a refused or failed import leaves nothing behind. A dry run does all of it and
// rolls back.
//
// Memory (DECISIONS §9: 1,000,000 rows in under 500 MB): the file is read 32 KiB at a time and
// a batch holds at most STORE_BATCH punches (one number each: 1.6 MB), whatever the file's size.
import fs from "node:fs";
import { Transform } from "node:stream";
import Papa from "papaparse";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { attendanceImports } from "../../db/schema";
import type { Actor } from "../../context";
import type { ImportPreview, ImportResult } from "../../../shared/schemas/hr";
import { LIMITS } from "../../../shared/constants";
import { badRequest } from "../errors";
import { writeAudit } from "../audit";
import { coverageGap, coveredThroughProblem, defaultCoveredThrough } from "../../../shared/attendance-days";
import { monthBounds } from "./calendar";
import { coveredThroughOf, employeesWithDays } from "./coverage";
import { loadPolicy } from "./policy";
import { matchHeaders, missingColumnsMessage, nameKey, parseRow, toPunchRecord } from "./punch-csv";
import type { PunchType } from "../../../shared/constants";
import { recalculateDays } from "./recalculate";
import { secondsOfDay, timeText } from "./day-rule";
import { quiet, rows, textArray, wordArray } from "../sql";
import { todayOf, type ActingContext } from "../context";

/** Text read from the file at a time (about 800 rows). */
const READ_CHUNK = 32 * 1024;
/**
 * Punches per storing statement. Large, so that a day's punches arrive in one statement, or two,
 * and each day row is written once or twice per import rather than once per punch. The machine's
 * exports list by employee or by time (2.9 and 3.3 s for the bench's 1,000,000 rows); a file in
 * random order rewrites every day once per batch (7 s; 21 s with batches of 50,000).
 */
export const STORE_BATCH = 200_000;
/** Bad rows reported in the answer (all are counted in the import record). */
export const MAX_REPORTED_ERRORS = 100;
/** Days shown by a dry run's preview. */
export const PREVIEW_DAYS = 200;
/** Serialises imports (pg_advisory_xact_lock key): two imports never interleave their inserts and recalculations. */
const IMPORT_LOCK = 727_100;

export const NOT_CSV_MESSAGE = "The file is not a CSV file. Please select a CSV file";

/** What the person asks for: the stored upload, its month, a dry run or not, and optionally the last day it records. */
export type ImportRequest = {
  filePath: string;
  fileName: string;
  month: string;
  dryRun: boolean;
  /** The last day this import records (checked against the month and today); absent: the DECISIONS §8 default. */
  coveredThrough?: string;
};

type ImportInput = ImportRequest & {
  actor: Actor;
  /** Today in APP_TIMEZONE: days after it are not marked. */
  today: string;
  ipAddress: string | null;
};

/** What an import needs of the service context (a command-line caller may bring no bus or store). */
export type ImportContext = Pick<ActingContext, "db" | "actor" | "ip" | "clock"> & { config: Pick<ActingContext["config"], "appTimezone"> };

/** A day the import would compute, as it would be stored (the dry run's preview). */
export type PreviewDay = ImportPreview["days"][number];

export type ImportAnswer = ImportResult;

export const LINE_TOO_LONG_MESSAGE = `The file has a line longer than ${LIMITS.importMaxLineBytes / 1024} KiB, which no punch row is: it was not imported. Please check that it is the punch machine's CSV export`;

/**
 * Reads the whole file once, a chunk at a time, before anything is imported (DECISIONS §10):
 * refuses a file that is empty, binary (a NUL byte in its first 64 KiB) or has a line longer than
 * 64 KiB. The parser would hold such a line whole in memory (a 50 MB file of one line took about
 * 700 MB); this scan stops as soon as a line passes the limit, holding one chunk.
 */
async function assertImportableText(filePath: string): Promise<void> {
  const LF = 0x0a;
  const CR = 0x0d;
  let lineBytes = 0;
  let seen = 0;
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    if (seen === 0 && chunk.includes(0)) throw badRequest(NOT_CSV_MESSAGE);
    seen += chunk.length;
    let start = 0;
    // The chunk's next CR, searched again only once passed (most files have none, or one per line).
    let cr = chunk.indexOf(CR);
    for (;;) {
      let end = chunk.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = chunk.indexOf(CR, start);
      if (cr !== -1 && (end === -1 || cr < end)) end = cr;
      if (end === -1) break;
      if (lineBytes + (end - start) > LIMITS.importMaxLineBytes) throw badRequest(LINE_TOO_LONG_MESSAGE);
      lineBytes = 0;
      start = end + 1;
    }
    lineBytes += chunk.length - start;
    if (lineBytes > LIMITS.importMaxLineBytes) throw badRequest(LINE_TOO_LONG_MESSAGE);
  }
  if (seen === 0) throw badRequest("The file is empty. Please select a CSV file with a header row and punch rows");
}

/**
 * Line ends as they come (CRLF, LF, a lone CR, mixed within one file, split across chunks) become
 * LF, so the parser, told LF, splits every line. Papaparse guesses one line end from the start of a
 * file: a file that starts with CRLF and goes on with LF would otherwise be read as one long row.
 */
export function normalizeLineEnds(): Transform {
  let pendingCr = false;
  return new Transform({
    decodeStrings: false,
    encoding: "utf8",
    transform(chunk: string, _encoding, done) {
      let text = (pendingCr ? "\r" : "") + chunk;
      pendingCr = text.endsWith("\r");
      if (pendingCr) text = text.slice(0, -1);
      done(null, text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text);
    },
    flush(done) {
      done(null, pendingCr ? "\n" : "");
    },
  });
}

type NameTarget = { employeeId: string } | { ambiguous: true };

/**
 * nameKey → employee: name mappings first, then employee names (an active employee wins over
 * inactive ones of the same name). Every employee a punch can name is locked FOR KEY SHARE, the
 * lock a foreign-key check takes, so none can be deleted while the import runs.
 */
async function loadNameIndex(tx: Tx): Promise<Map<string, NameTarget>> {
  const people = await rows<{ id: string; employee_name: string; is_active: boolean }>(tx, sql`select id, employee_name, is_active from employees for key share`);
  const byKey = new Map<string, { id: string; active: boolean }[]>();
  for (const p of people) {
    const key = nameKey(p.employee_name);
    const list = byKey.get(key) ?? [];
    list.push({ id: p.id, active: p.is_active });
    byKey.set(key, list);
  }
  const index = new Map<string, NameTarget>();
  for (const [key, list] of byKey) {
    const candidates = list.length > 1 && list.some((c) => c.active) ? list.filter((c) => c.active) : list;
    index.set(key, candidates.length === 1 ? { employeeId: candidates[0].id } : { ambiguous: true });
  }
  const mappings = await rows<{ name_key: string; employee_id: string }>(
    tx,
    sql`select m.name_key, m.employee_id from name_mappings m join employees e on e.id = m.employee_id for key share of e`,
  );
  for (const m of mappings) index.set(m.name_key, { employeeId: m.employee_id });
  return index;
}

const SECONDS_A_DAY = 86_400;

/**
 * The punches of the days a batch names. Each punch is one number in a typed array, packed so that
 * numbers sort as (employee, day, time, type): no string or object is kept per punch, so a batch
 * of STORE_BATCH punches holds about 1.6 MB, and the file's rows die young instead of being
 * promoted to the old heap with the batch that held them (a string and a day object per punch
 * takes the JavaScript heap of a 1,000,000-row import to about 150 MB; this, about 105 MB).
 */
class PunchBatch {
  private employees: string[] = [];
  private employeeIndex = new Map<string, number>();
  private dates: string[] = [];
  private dateIndex = new Map<string, number>();
  private packed = new Float64Array(1024);
  /** Punches added (a repeated one included). */
  size = 0;
  add(employeeId: string, date: string, time: string, type: PunchType) {
    const employee = indexOf(this.employeeIndex, this.employees, employeeId);
    const day = indexOf(this.dateIndex, this.dates, date);
    if (day >= MAX_BATCH_DATES) throw new RangeError(`a batch holds at most ${MAX_BATCH_DATES} dates`);
    // parseRow's time is 'HH:MM:SS'; 'in' sorts before 'out', as punch_type's order.
    const seconds = secondsOfDay(time);
    if (this.size === this.packed.length) {
      const grown = new Float64Array(this.packed.length * 2);
      grown.set(this.packed);
      this.packed = grown;
    }
    this.packed[this.size] = ((employee * MAX_BATCH_DATES + day) * SECONDS_A_DAY + seconds) * 2 + (type === "in" ? 0 : 1);
    this.size += 1;
  }
  /** One entry per day: its punches sorted by time then type, each once, as space-separated times and types. */
  columns() {
    const employeeIds: string[] = [];
    const dates: string[] = [];
    const times: string[] = [];
    const types: string[] = [];
    let group = -1;
    let dayTimes: string[] = [];
    let dayTypes: string[] = [];
    const endDay = () => {
      if (group < 0) return;
      employeeIds.push(this.employees[Math.floor(group / MAX_BATCH_DATES)]!);
      dates.push(this.dates[group % MAX_BATCH_DATES]!);
      times.push(dayTimes.join(" "));
      types.push(dayTypes.join(" "));
    };
    let previous = -1;
    for (const key of this.packed.subarray(0, this.size).sort()) {
      if (key === previous) continue;
      previous = key;
      const type = key % 2;
      const seconds = ((key - type) / 2) % SECONDS_A_DAY;
      const day = ((key - type) / 2 - seconds) / SECONDS_A_DAY;
      if (day !== group) {
        endDay();
        group = day;
        dayTimes = [];
        dayTypes = [];
      }
      dayTimes.push(timeText(seconds));
      dayTypes.push(type === 0 ? "in" : "out");
    }
    endDay();
    return { employeeIds, dates, times, types };
  }
}

/** Dates one batch may name (an import's rows are of one month); with at most 2^53 / (1024 * 2 * 86,400) employees, every packed punch is an exact integer. */
const MAX_BATCH_DATES = 1024;

function indexOf(index: Map<string, number>, list: string[], value: string): number {
  let i = index.get(value);
  if (i === undefined) {
    i = list.length;
    list.push(value);
    index.set(value, i);
  }
  return i;
}

/**
 * Stores one batch into punch_days and answers how many punches were new. A day not stored yet is
 * inserted as the batch has it; a stored day takes the union of its punches and the batch's,
 * sorted by time then type (a punch already stored counts once), and is written only when that
 * adds a punch. Plain insert and update, not ON CONFLICT: imports are the only writer of
 * punch_days and run one at a time (IMPORT_LOCK), so the days read here are the days written.
 */
async function storeBatch(tx: Tx, batch: PunchBatch): Promise<number> {
  if (batch.size === 0) return 0;
  const { employeeIds, dates, times, types } = batch.columns();
  const [result] = await rows<{ n: number }>(
    tx,
    sql`with incoming as (
      select e::uuid as employee_id, d::date as punch_date, string_to_array(t, ' ')::time[] as punch_times, string_to_array(y, ' ')::punch_type[] as punch_types
      from unnest(${wordArray(employeeIds)}, ${wordArray(dates)}, ${textArray(times)}, ${textArray(types)}) as u(e, d, t, y)
    ), merged as (
      select i.employee_id, i.punch_date, cardinality(p.punch_times) as stored, m.punch_times, m.punch_types
      from incoming i
      join punch_days p on p.employee_id = i.employee_id and p.punch_date = i.punch_date
      cross join lateral (
        select array_agg(t order by t, y) as punch_times, array_agg(y order by t, y) as punch_types
        from (select * from unnest(p.punch_times, p.punch_types) union select * from unnest(i.punch_times, i.punch_types)) as u(t, y)
      ) m
    ), inserted as (
      insert into punch_days (employee_id, punch_date, punch_times, punch_types)
      select i.employee_id, i.punch_date, i.punch_times, i.punch_types from incoming i
      where not exists (select 1 from merged m where m.employee_id = i.employee_id and m.punch_date = i.punch_date)
      returning cardinality(punch_times) as n
    ), updated as (
      update punch_days p set punch_times = m.punch_times, punch_types = m.punch_types
      from merged m
      where p.employee_id = m.employee_id and p.punch_date = m.punch_date and cardinality(m.punch_times) > m.stored
      returning cardinality(m.punch_times) - m.stored as n
    )
    select (coalesce((select sum(n) from inserted), 0) + coalesce((select sum(n) from updated), 0))::int as n`,
  );
  return Number(result?.n ?? 0);
}

type ParseEvent = { rows: string[][] } | { done: true } | { error: unknown };

/**
 * The records of a CSV file, a chunk at a time (about READ_CHUNK of text), through papaparse's
 * streaming parser. While the consumer works on a chunk (database inserts), both the parser and
 * the file stream are paused, so at most a chunk or two of the file is in memory whatever its size.
 * BOM, CRLF or LF line ends and quoted fields are papaparse's business.
 */
export async function* csvChunks(filePath: string): AsyncGenerator<string[][]> {
  const file = fs.createReadStream(filePath, { encoding: "utf8", highWaterMark: READ_CHUNK });
  const source = file.pipe(normalizeLineEnds());
  const queued: ParseEvent[] = [];
  let waiting: ((event: ParseEvent) => void) | null = null;
  let parser: Papa.Parser | null = null;
  const deliver = (event: ParseEvent) => {
    const wake = waiting;
    waiting = null;
    if (wake) wake(event);
    else queued.push(event);
  };
  Papa.parse<string[]>(source, {
    header: false,
    newline: "\n",
    chunk: (results, handle) => {
      parser = handle;
      handle.pause();
      source.pause();
      deliver({ rows: results.data });
    },
    complete: () => deliver({ done: true }),
    error: (error: unknown) => deliver({ error }),
  });
  try {
    for (;;) {
      const event = queued.shift() ?? (await new Promise<ParseEvent>((resolve) => (waiting = resolve)));
      if ("error" in event) throw event.error;
      if ("done" in event) return;
      yield event.rows;
      (parser as Papa.Parser | null)?.resume();
      source.resume();
    }
  } finally {
    source.destroy();
    file.destroy();
  }
}

class DryRunRollback extends Error {
  constructor(readonly answer: ImportAnswer) {
    super("dry run");
  }
}

class NotOurTurn extends Error {}

/** Imports of this process, one after the other: a waiting import holds a promise, not a connection. */
let turnOfThisProcess: Promise<unknown> = Promise.resolve();

/** How long an import waiting for another process's import sleeps between tries (no connection held meanwhile). */
export const IMPORT_RETRY_MS = 250;

/**
 * Imports run one at a time (their inserts and recalculations never interleave). Waiting costs no
 * database connection (DECISIONS §10: sign-in and reads stay fast while imports queue): imports of
 * this process wait their turn in memory; then a try of the cross-process lock takes a connection
 * only for as long as the try, and the import runs in that same transaction once it has the lock.
 */
export async function importPunches(ctx: ImportContext, request: ImportRequest): Promise<ImportAnswer> {
  const { db } = ctx;
  const today = todayOf(ctx);
  const coverageProblem = request.coveredThrough === undefined ? null : coveredThroughProblem(request.month, request.coveredThrough, today);
  if (coverageProblem) throw badRequest(coverageProblem, [{ path: "coveredThrough", message: coverageProblem }]);
  const input: ImportInput = { ...request, actor: ctx.actor, today, ipAddress: ctx.ip };
  await assertImportableText(input.filePath);
  const mine = turnOfThisProcess.then(() => importWhenFree(db, input));
  turnOfThisProcess = mine.catch(() => {});
  return mine;
}

async function importWhenFree(db: Db, input: ImportInput): Promise<ImportAnswer> {
  for (;;) {
    try {
      return await db.transaction(async (tx) => {
        const [lock] = await rows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${IMPORT_LOCK}) as ok`);
        if (!lock?.ok) throw new NotOurTurn();
        const answer = await runImport(tx, input);
        if (input.dryRun) throw new DryRunRollback(answer);
        return answer;
      });
    } catch (err) {
      if (err instanceof DryRunRollback) return err.answer;
      if (!(err instanceof NotOurTurn)) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, IMPORT_RETRY_MS));
  }
}

async function runImport(tx: Tx, input: ImportInput): Promise<ImportAnswer> {
  const policy = await loadPolicy(tx);
  const names = await loadNameIndex(tx);
  const [record] = await tx
    .insert(attendanceImports)
    .values({ fileName: input.fileName.slice(0, 255), month: input.month, totalRows: 0, processedEvents: 0, duplicateEvents: 0, skippedRows: 0, errorRows: 0, importedBy: input.actor.id })
    .returning({ id: attendanceImports.id });

  let totalRows = 0;
  let skippedRows = 0;
  let errorRows = 0;
  let matchedEvents = 0;
  let processedEvents = 0;
  const errors: { row: number; message: string }[] = [];
  const unmatched = new Map<string, { name: string; rows: number }>();
  const affected = new Set<string>();
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  // The file's newest punch of the month, matched to an employee or not: how far the machine's export reaches.
  let newestPunch: string | null = null;
  let batch = new PunchBatch();

  const reportError = (row: number, message: string) => {
    errorRows += 1;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row, message });
  };

  let columns: ReturnType<typeof matchHeaders> | null = null;
  let inserting: Promise<number> = Promise.resolve(0);
  // Rows are numbered as a spreadsheet shows them: the header is row 1, the first data row is row 2.
  let rowNumber = 0;
  try {
    for await (const chunk of csvChunks(input.filePath)) {
      for (const cells of chunk) {
        rowNumber += 1;
        if (columns === null) {
          columns = matchHeaders(cells.map((c) => String(c ?? "")));
          if (!columns.ok) throw badRequest(missingColumnsMessage(columns.missing));
          continue;
        }
        if (!columns.ok) break;
        const row = parseRow(toPunchRecord(cells, columns.columns), input.month, input.today);
        if ("skip" in row) {
          if (row.skip === "blank") continue;
          totalRows += 1;
          skippedRows += 1;
          continue;
        }
        totalRows += 1;
        if ("error" in row) {
          reportError(rowNumber, row.error);
          continue;
        }
        if (newestPunch === null || row.date > newestPunch) newestPunch = row.date;
        const target = names.get(row.nameKey);
        if (!target) {
          const entry = unmatched.get(row.nameKey);
          if (entry) entry.rows += 1;
          else unmatched.set(row.nameKey, { name: row.employeeName, rows: 1 });
          continue;
        }
        if ("ambiguous" in target) {
          reportError(rowNumber, `Employee name "${row.employeeName}" matches more than one employee; add a name mapping for it`);
          continue;
        }
        matchedEvents += 1;
        affected.add(target.employeeId);
        if (firstDate === null || row.date < firstDate) firstDate = row.date;
        if (lastDate === null || row.date > lastDate) lastDate = row.date;
        batch.add(target.employeeId, row.date, row.time, row.type);
        if (batch.size >= STORE_BATCH) {
          // One batch being stored while the next is parsed.
          processedEvents += await inserting;
          inserting = quiet(storeBatch(tx, batch));
          batch = new PunchBatch();
        }
      }
    }
    processedEvents += await inserting;
  } finally {
    await Promise.allSettled([inserting]);
  }
  if (columns === null) throw badRequest(`The file has no header row. ${missingColumnsMessage(["Employee Name", "Date", "Time", "Event Type"])}`);
  processedEvents += await storeBatch(tx, batch);

  // The range this import records (DECISIONS §8), stored before the recalculation reads it.
  const { from, to } = monthBounds(input.month);
  const coveredBefore = await coveredThroughOf(tx, input.month);
  const coveredThrough = input.coveredThrough ?? defaultCoveredThrough(input.month, newestPunch, input.today);
  await tx.update(attendanceImports).set({ coveredThrough }).where(sql`${attendanceImports.id} = ${record.id}`);
  // Affected days: every day of the month up to today for the employees the file names, and for
  // everyone with days this month when the recorded range grew (their newly recorded days are
  // judged now: see recalculate.ts daysToCompute), in batches.
  const matchedEmployees = affected.size;
  if (coveredThrough !== null && (coveredBefore === null || coveredThrough > coveredBefore)) {
    for (const id of await employeesWithDays(tx, from, to)) affected.add(id);
  }
  const employeeIds = [...affected].sort();
  await recalculateDays(tx, policy, { employeeIds, from, to, today: input.today });

  const answer: ImportAnswer = {
    processedEvents,
    totalRows,
    skippedRows,
    duplicateEvents: matchedEvents - processedEvents,
    unmatchedNames: [...unmatched.values()],
    errors,
    coveredThrough,
    // The month's recorded range with this import, as every other screen names it (DECISIONS §8).
    monthCoveredThrough: await coveredThroughOf(tx, input.month),
    coverageWarning: coverageGap(input.month, newestPunch, coveredThrough)?.message ?? null,
  };

  await tx
    .update(attendanceImports)
    .set({ totalRows, processedEvents, duplicateEvents: answer.duplicateEvents, skippedRows, errorRows })
    .where(sql`${attendanceImports.id} = ${record.id}`);
  await writeAudit(tx, {
    action: input.dryRun ? "dry_run" : "import",
    entityType: "import",
    entityId: record.id,
    actor: input.actor,
    after: { fileName: input.fileName, month: input.month, ...answer, errorRows, unmatchedNames: answer.unmatchedNames.length, errors: undefined },
    ipAddress: input.ipAddress,
  });

  if (input.dryRun) {
    const days = employeeIds.length === 0 ? [] : await previewDays(tx, employeeIds, from, to);
    const [count] =
      employeeIds.length === 0
        ? [{ n: 0 }]
        : await rows<{ n: number }>(tx, sql`select count(*)::int as n from attendance_days where employee_id = any((${textArray(employeeIds)})::uuid[]) and date between ${from}::date and ${to}::date`);
    answer.dryRun = true;
    answer.preview = { month: input.month, matchedEmployees, affectedDays: Number(count.n), firstDate, lastDate, newestPunch, days };
  }
  return answer;
}

async function previewDays(tx: Tx, employeeIds: string[], from: string, to: string): Promise<PreviewDay[]> {
  const found = await rows<{
    employee_id: string; employee_name: string; date: string; day_status: PreviewDay["dayStatus"]; first_in_time: string | null; last_out_time: string | null;
    total_hours: string | null; violation_points: number; violation_reason: string | null;
  }>(
    tx,
    sql`select d.employee_id, e.employee_name, d.date::text as date, d.day_status::text as day_status, d.first_in_time::text as first_in_time,
          d.last_out_time::text as last_out_time, d.total_hours::text as total_hours, d.violation_points, d.violation_reason
        from attendance_days d join employees e on e.id = d.employee_id
        where d.employee_id = any((${textArray(employeeIds)})::uuid[]) and d.date between ${from}::date and ${to}::date
        order by lower(e.employee_name), e.id, d.date limit ${PREVIEW_DAYS}`,
  );
  return found.map((d) => ({
    employeeId: d.employee_id,
    employeeName: d.employee_name,
    date: d.date,
    dayStatus: d.day_status,
    firstInTime: d.first_in_time,
    lastOutTime: d.last_out_time,
    totalHours: d.total_hours === null ? 0 : Number(d.total_hours),
    violationPoints: Number(d.violation_points),
    violationReason: d.violation_reason,
  }));
}

