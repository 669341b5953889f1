// The attendance day rule (DECISIONS §8): what one employee's punches on one date make of that
// day — weekly off, holiday, leave, Not recorded, Pending Review, Present/Half-day/Absent and
// lateness points — and what a hand edit keeps of it. Pure functions only, and everything the
// rule needs is here: the recalculation calls it for the import, leave, policy changes and hand
// edits, so the rule lives here and nowhere else.
import { NOT_RECORDED, type DayStatus, type PunchType } from "../../../shared/constants";
import type { AttendanceRules, ReviewReason } from "../../../shared/schemas/hr";
import type { LeaveType } from "../../../shared/leave";

export type Punch = { time: string; type: PunchType };

export type DayInput = {
  /** 'YYYY-MM-DD', local to APP_TIMEZONE like every attendance date. */
  date: string;
  /** The date is the employee's weekly off day. */
  isWeeklyOff: boolean;
  /** The date is one of the policy's holidays. */
  isHoliday: boolean;
  /** That employee's punches on that date, in any order; 'HH:MM:SS' (or 'HH:MM'). */
  punches: readonly Punch[];
  /** Today's date in APP_TIMEZONE; later dates are not marked, and today is not over (not recorded). */
  today: string;
  /**
   * The last day of the date's month that an import covers (DECISIONS §8: the newest
   * attendance_imports.covered_through of the month); null when no import covers any of it.
   */
  coveredThrough: string | null;
  /** Granted leave covering the date, if any (DECISIONS §8 leave register). */
  leave?: { type: LeaveType; halfDay: boolean } | null;
};

export type ComputedDay = {
  dayStatus: DayStatus;
  /** The earliest 'in' punch of the day, 'HH:MM:SS'; null without one. */
  firstInTime: string | null;
  /** The latest 'out' punch of the day, 'HH:MM:SS'; null without one. */
  lastOutTime: string | null;
  /** lastOut − firstIn in hours, 2 decimals; 0 unless both exist and the out is after the in. */
  totalHours: number;
  violationPoints: number;
  violationReason: string | null;
  reviewReason: ReviewReason | null;
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Whether a day is recorded, so it may be judged (Absent, Half-day, Pending Review …): it is over
 * (before `today`, APP_TIMEZONE) and an import of its month covers it (`coveredThrough`, the
 * month's covered range ends there; null when no import covers any of it).
 */
export function isRecordedDay(date: string, today: string, coveredThrough: string | null): boolean {
  return date < today && coveredThrough !== null && date <= coveredThrough;
}

/**
 * The status a leave gives one of its working days (DECISIONS §8): PL → Paid Leave (PL), LWP →
 * Unpaid Leave (LWP); a half day is Half-day (Paid) for PL (no deduction) and Half-day (Unpaid)
 * for LWP (half a day's deduction).
 */
export function leaveDayStatus(type: LeaveType, halfDay: boolean): DayStatus {
  if (type === "PL") return halfDay ? "Half-day (Paid)" : "Paid Leave (PL)";
  return halfDay ? "Half-day (Unpaid)" : "Unpaid Leave (LWP)";
}

/** Seconds after midnight of 'HH:MM' or 'HH:MM:SS'. */
export function secondsOfDay(time: string): number {
  const m = TIME_PATTERN.exec(time);
  if (!m) throw new RangeError(`Invalid time "${time}" (expected HH:MM or HH:MM:SS)`);
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) throw new RangeError(`Invalid time "${time}"`);
  return h * 3600 + min * 60 + s;
}

/** Seconds after midnight as 'HH:MM:SS' (or 'HH:MM'). */
export function timeText(seconds: number, withSeconds = true): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const hh = pad(Math.floor(seconds / 3600));
  const mm = pad(Math.floor((seconds % 3600) / 60));
  return withSeconds ? `${hh}:${mm}:${pad(seconds % 60)}` : `${hh}:${mm}`;
}

/**
 * A biometric reader often records one tap several times. Punches of the same type that follow
 * a kept punch of that type by at most `windowMinutes` (inclusive; 2 minutes = 120 s apart still
 * collapses, 121 s does not) count once: the first of the burst is kept, because it is when the
 * person actually arrived or left. The window is measured from the kept punch, not chained from
 * punch to punch, so a kept punch is always more than the window after the previous kept one.
 * Punches of the other type in between do not matter. The result is sorted by time, 'in' before
 * 'out' at the same second, with times normalised to 'HH:MM:SS'.
 */
export function collapsePunches(punches: readonly Punch[], windowMinutes: number): Punch[] {
  const windowSeconds = Math.max(0, windowMinutes) * 60;
  const sorted = punches
    .map((p) => ({ seconds: secondsOfDay(p.time), type: p.type }))
    .sort((a, b) => a.seconds - b.seconds || (a.type === b.type ? 0 : a.type === "in" ? -1 : 1));
  const lastKept: Partial<Record<PunchType, number>> = {};
  const kept: Punch[] = [];
  for (const p of sorted) {
    const previous = lastKept[p.type];
    if (previous !== undefined && p.seconds - previous <= windowSeconds) continue;
    lastKept[p.type] = p.seconds;
    kept.push({ time: timeText(p.seconds), type: p.type });
  }
  return kept;
}

/**
 * The status of one employee-day from its punches, or null when there is nothing to store: a day
 * after `today`, or a day that is not recorded and has no punch.
 *
 * A day is recorded when it is over (before `today`) and an import covers it (date ≤
 * coveredThrough, DECISIONS §8 "Only recorded days are judged"). A day that is not recorded is
 * never Absent, Half-day or Pending Review: with punches it is `Not recorded` (first in, last
 * out and lateness so far are shown; it costs nothing: see isJudgedDay), without punches it is
 * not stored at all, and every screen reads a missing day of a month as not recorded.
 *
 * Order of the rules (DECISIONS §8, then the refinements):
 *  L. granted leave on a working day (not the weekly off, not a holiday) → its leave status
 *     (leaveDayStatus), whatever the punches, future and unrecorded days included;
 *  0. not recorded and no punch → null (not stored);
 *  1. the employee's weekly off → Weekly Off (wins over a holiday on the same date);
 *  2. a holiday → Holiday;
 *     On both, punches are still read: first in, last out and hours are recorded so the screen
 *     shows that someone came in, but no lateness is counted and the status does not change.
 *  3. not recorded → Not recorded (after lateness is read);
 *  4. no punch → Absent (Unpaid);
 *  5. Pending Review when the punches cannot be paired:
 *     'single_punch'  – only 'in' punches or only 'out' punches;
 *     'out_before_in' – the last out is not after the first in;
 *     'odd_punches'   – both types exist but an odd number of punches remain after collapsing
 *                       duplicates (someone forgot one punch of a pair);
 *  6. worked = last out − first in: ≥ fullDayHours → Present (Full); ≥ halfDayHours →
 *     Half-day (Unpaid); less → Absent (Unpaid).
 *
 * "First in" is the earliest punch of type 'in' and "last out" the latest punch of type 'out',
 * whatever lies between them (breaks are not subtracted, as the rule says last out − first in).
 *
 * Lateness is judged to the minute: the first in is late when its HH:MM is after shiftStart +
 * lateGraceMinutes (09:45 and 09:45:59 are on time, 09:46 is late, with 09:30 + 15). It applies to
 * every working day that has a first in, Pending Review and short days included: lateness is a
 * fact of the arrival, independent of how the day ends.
 */
export function computeDay(input: DayInput, policy: AttendanceRules): ComputedDay | null {
  if (!DATE_PATTERN.test(input.date) || !DATE_PATTERN.test(input.today) || (input.coveredThrough !== null && !DATE_PATTERN.test(input.coveredThrough))) {
    throw new RangeError(`Invalid date "${input.date}", today "${input.today}" or coveredThrough "${input.coveredThrough}" (expected YYYY-MM-DD)`);
  }
  // Leave on a working day gives the day its status whatever the punches, future days included.
  const onLeave = Boolean(input.leave) && !input.isWeeklyOff && !input.isHoliday;
  if (input.date > input.today && !onLeave) return null;
  const recorded = isRecordedDay(input.date, input.today, input.coveredThrough);
  if (!recorded && input.punches.length === 0 && !onLeave) return null;

  const punches = collapsePunches(input.punches, policy.duplicatePunchWindowMinutes);
  const ins = punches.filter((p) => p.type === "in");
  const outs = punches.filter((p) => p.type === "out");
  const firstIn = ins.length > 0 ? secondsOfDay(ins[0].time) : null;
  const lastOut = outs.length > 0 ? secondsOfDay(outs[outs.length - 1].time) : null;
  const workedSeconds = firstIn !== null && lastOut !== null && lastOut > firstIn ? lastOut - firstIn : 0;

  const day: ComputedDay = {
    dayStatus: "Absent (Unpaid)",
    firstInTime: firstIn === null ? null : timeText(firstIn),
    lastOutTime: lastOut === null ? null : timeText(lastOut),
    totalHours: Math.round((workedSeconds / 3600) * 100) / 100,
    violationPoints: 0,
    violationReason: null,
    reviewReason: null,
  };

  // Leave: the punches' facts are shown, no lateness is counted, the status is the leave's.
  if (onLeave && input.leave) return { ...day, dayStatus: leaveDayStatus(input.leave.type, input.leave.halfDay) };
  if (input.isWeeklyOff) return { ...day, dayStatus: "Weekly Off" };
  if (input.isHoliday) return { ...day, dayStatus: "Holiday" };

  if (firstIn !== null) {
    const arrivalMinute = Math.floor(firstIn / 60);
    const latestOnTime = Math.floor(secondsOfDay(policy.shiftStart) / 60) + policy.lateGraceMinutes;
    if (arrivalMinute > latestOnTime) {
      day.violationPoints += policy.pointsPerLate;
      day.violationReason = `Late arrival ${timeText(firstIn, false)}`;
    }
  }

  if (!recorded) return { ...day, dayStatus: NOT_RECORDED };
  if (punches.length === 0) return day;
  if (firstIn === null || lastOut === null) return { ...day, dayStatus: "Pending Review", reviewReason: "single_punch" };
  if (lastOut <= firstIn) return { ...day, dayStatus: "Pending Review", reviewReason: "out_before_in" };
  if (punches.length % 2 === 1) return { ...day, dayStatus: "Pending Review", reviewReason: "odd_punches" };

  if (workedSeconds >= Math.round(policy.fullDayHours * 3600)) return { ...day, dayStatus: "Present (Full)" };
  if (workedSeconds >= Math.round(policy.halfDayHours * 3600)) return { ...day, dayStatus: "Half-day (Unpaid)" };
  return day;
}

/** The part of a stored day that a hand edit decides. */
export type ExistingDay = {
  isManual: boolean;
  dayStatus: DayStatus;
  violationPoints: number;
  violationReason: string | null;
  reviewReason?: ReviewReason | null;
};

export type StoredDay = ComputedDay & { isManual: boolean };

/**
 * What to store for a day after recalculation. A day edited by hand (isManual) keeps its status,
 * points and violation reason through re-imports and recalculation (DECISIONS §8); only the
 * punch facts (first in, last out, hours) follow the punches. Returns null when nothing should be
 * stored: a future day, or a day not recorded without punches, that nobody edited by hand. A
 * hand-edited day (leave planned ahead) is kept.
 */
export function mergeManualEdit(existing: ExistingDay | null | undefined, computed: ComputedDay | null): StoredDay | null {
  if (!existing?.isManual) return computed === null ? null : { ...computed, isManual: false };
  const facts = computed ?? { firstInTime: null, lastOutTime: null, totalHours: 0, reviewReason: null };
  return {
    dayStatus: existing.dayStatus,
    firstInTime: facts.firstInTime,
    lastOutTime: facts.lastOutTime,
    totalHours: facts.totalHours,
    violationPoints: existing.violationPoints,
    violationReason: existing.violationReason,
    // A person settled the day; only a day they left in Pending Review still says why.
    reviewReason: existing.dayStatus === "Pending Review" ? (existing.reviewReason ?? facts.reviewReason) : null,
    isManual: true,
  };
}
