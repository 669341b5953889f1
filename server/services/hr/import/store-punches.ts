// The import's storing stage (DECISIONS §8, §9): matched punches go into punch_days, one row per
// employee and day holding that day's punches, STORE_BATCH punches per set-based statement. A punch
// already stored counts once, so re-importing a file stores nothing new. One batch is stored while
// the next is parsed.
import { sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import type { PunchType } from "../../../../shared/constants";
import { quiet, rows, textArray, wordArray } from "../../../db/sql";

/**
 * Punches per storing statement. Large, so that a day's punches arrive in one statement, or two,
 * and each day row is written once or twice per import rather than once per punch: the machine's
 * exports list by employee or by time, so a day's punches sit together. A file in random order
 * rewrites every day once per batch, so fewer, larger batches also bound that case (the timings
 * are in docs/performance.md).
 */
export const STORE_BATCH = 200_000;

const SECONDS_A_DAY = 86_400;

/**
 * The punches of the days a batch names. Each punch is one number in a typed array, packed so that
 * numbers sort as (employee, day, time, type): no string or object is kept per punch, so a batch
 * stays small whatever STORE_BATCH is, and the file's rows die young instead of being promoted to
 * the old heap with the batch that held them (a string and a day object per punch would keep the
 * whole batch's rows alive, and the import's heap grows with the file).
 */
class PunchBatch {
  private employees: string[] = [];
  private employeeIndex = new Map<string, number>();
  private dates: string[] = [];
  private dateIndex = new Map<string, number>();
  private packed = new Float64Array(1024);
  /** Punches added (a repeated one included). */
  size = 0;
  /** @param timeTexts the stored text of each time of day seen, kept across an import's batches (at most 86,400 entries). */
  constructor(private readonly timeTexts: Map<number, string>) {}
  pack(employeeId: string, date: string, time: string, seconds: number, type: PunchType) {
    const employee = indexOf(this.employeeIndex, this.employees, employeeId);
    const day = indexOf(this.dateIndex, this.dates, date);
    if (day >= MAX_BATCH_DATES) throw new RangeError(`a batch holds at most ${MAX_BATCH_DATES} dates`);
    if (!this.timeTexts.has(seconds)) this.timeTexts.set(seconds, time);
    if (this.size === this.packed.length) {
      const grown = new Float64Array(this.packed.length * 2);
      grown.set(this.packed);
      this.packed = grown;
    }
    // 'in' sorts before 'out', as punch_type's order.
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
      dayTimes.push(this.timeTexts.get(seconds)!);
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
 * punch_days and run one at a time (import-punches.ts IMPORT_LOCK), so the days read here are the days written.
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

/** The punches of an import on their way to punch_days, a batch at a time. */
export class PunchStore {
  private readonly timeTexts = new Map<number, string>();
  private batch = new PunchBatch(this.timeTexts);
  private storing: Promise<number> = Promise.resolve(0);
  /** Punches newly stored so far. */
  private stored = 0;

  constructor(private readonly tx: Tx) {}

  /** Takes a matched punch (its time as stored, 'HH:MM:SS', and in seconds after midnight); answers true when the batch is full and storeFullBatch must be awaited. */
  addPunch(employeeId: string, date: string, time: string, seconds: number, type: PunchType): boolean {
    this.batch.pack(employeeId, date, time, seconds, type);
    return this.batch.size >= STORE_BATCH;
  }

  /** Starts storing the full batch once the one before it is stored: one batch is stored while the next is parsed. */
  async storeFullBatch(): Promise<void> {
    this.stored += await this.storing;
    this.storing = quiet(storeBatch(this.tx, this.batch));
    this.batch = new PunchBatch(this.timeTexts);
  }

  /** Stores what is left; answers how many punches this import stored new. */
  async finish(): Promise<number> {
    this.stored += await this.storing;
    this.storing = Promise.resolve(0);
    this.stored += await storeBatch(this.tx, this.batch);
    this.batch = new PunchBatch(this.timeTexts);
    return this.stored;
  }

  /** Waits for a statement still running, whatever its end: never leave a query of the transaction unobserved. */
  async settle(): Promise<void> {
    await Promise.allSettled([this.storing]);
  }
}
