// A month of biometric punches as the machine exports them: CSV text, one row per punch, with the
// everyday mess of a real factory (late arrivals, half days, forgotten punches, double taps, a name
// the machine spells its own way). The seed imports it through the real importer.
import { datesBetween, maxDate, minDate, monthBounds, weekdayOf } from "../../shared/calendar";
import type { Random } from "./random";
import type { DemoEmployee } from "./data";

export type PunchFileOptions = {
  month: string;
  employees: readonly DemoEmployee[];
  holidays: ReadonlySet<string>;
  /** Today (APP_TIMEZONE): no punches after it. */
  today: string;
  /** Wall-clock minutes since midnight now: today's punches stop here. */
  nowMinutes: number;
  /** Day-first dates and IN/OUT (one machine) or ISO dates and punch_in/punch_out (the other). */
  style: "dmy" | "iso";
  /** A few rows of the day before the month, as machines export overlapping ranges (the import skips them). */
  overlapDay?: string;
  random: Random;
};

const hhmm = (minutes: number, seconds = 0) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}${seconds ? `:${String(seconds).padStart(2, "0")}` : ""}`;

type Punch = { minutes: number; type: "in" | "out" };

/** The punches of one working day: mostly on time and full, sometimes late, short, or missing one. */
function dayPunches(r: Random): Punch[] {
  const p = r.next();
  if (p < 0.04) return []; // absent
  if (p < 0.07) return r.next() < 0.7 ? [{ minutes: r.int(9 * 60, 9 * 60 + 40), type: "in" }] : [{ minutes: r.int(18 * 60, 19 * 60), type: "out" }];
  if (p < 0.11) {
    const first = r.int(9 * 60 + 5, 9 * 60 + 40);
    return [
      { minutes: first, type: "in" },
      { minutes: first + r.int(4 * 60 + 10, 6 * 60), type: "out" },
    ];
  }
  const late = p < 0.22;
  const first = late ? r.int(9 * 60 + 46, 10 * 60 + 40) : r.int(8 * 60 + 50, 9 * 60 + 44);
  const last = first + r.int(8 * 60 + 5, 9 * 60 + 30);
  const punches: Punch[] = [{ minutes: first, type: "in" }];
  if (r.next() < 0.04) punches.push({ minutes: first + 1, type: "in" }); // a double tap, collapsed by the engine
  if (r.next() < 0.15) {
    const lunch = r.int(13 * 60, 13 * 60 + 30);
    punches.push({ minutes: lunch, type: "out" }, { minutes: lunch + r.int(25, 45), type: "in" });
  }
  punches.push({ minutes: last, type: "out" });
  return punches;
}

export function punchCsv(o: PunchFileOptions): { text: string; rows: number } {
  const { from, to } = monthBounds(o.month);
  const lines = ["Employee Name,Date,Time,Event Type"];
  const dateText = (d: string) => (o.style === "dmy" ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : d);
  const typeText = (t: "in" | "out") => (o.style === "dmy" ? (t === "in" ? "IN" : "OUT") : t === "in" ? "punch_in" : "punch_out");
  const push = (name: string, date: string, p: Punch) => lines.push(`${name},${dateText(date)},${hhmm(p.minutes, o.random.int(0, 59))},${typeText(p.type)}`);

  if (o.overlapDay) {
    for (const e of o.employees.slice(0, 6)) push(e.punchName ?? e.name, o.overlapDay, { minutes: 9 * 60 + 20, type: "in" });
  }
  for (const date of datesBetween(from, minDate(to, o.today))) {
    for (const e of o.employees) {
      if (date < maxDate(from, e.joiningDate)) continue;
      if (weekdayOf(date) === e.weeklyOff || o.holidays.has(date)) continue;
      let punches = dayPunches(o.random);
      // Today: only what has happened by now (someone still at work has punched in only).
      if (date === o.today) punches = punches.filter((p) => p.minutes < o.nowMinutes);
      for (const p of punches) push(e.punchName ?? e.name, date, p);
    }
  }
  return { text: `${lines.join("\r\n")}\r\n`, rows: lines.length - 1 };
}
