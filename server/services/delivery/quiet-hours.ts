// Quiet hours (DECISIONS §14): pushes wait until they end, except emergency ones. Hours are read in
// APP_TIMEZONE, as every time of day in the app; a span whose end is before its start runs over
// midnight (22:00–07:00).

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The minute of the day (0–1439) and the seconds into it of `now` in `timeZone`. */
function localTime(now: Date, timeZone: string): { minute: number; second: number } {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minute: get("hour") * 60 + get("minute"), second: get("second") };
}

/** When the quiet hours around `now` end, or null when `now` is not in them. */
export function quietHoursEnd(quiet: { from: string; to: string } | null, now: Date, timeZone: string): Date | null {
  if (!quiet) return null;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  const { minute, second } = localTime(now, timeZone);
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return null;
  const minutesLeft = (to - minute + 1440) % 1440;
  return new Date(now.getTime() + (minutesLeft * 60 - second) * 1000 - now.getMilliseconds());
}

/** Whether `now` is at or after hh:mm of its day in `timeZone`. */
export function isPast(hhmm: string, now: Date, timeZone: string): boolean {
  return localTime(now, timeZone).minute >= minutesOf(hhmm);
}
