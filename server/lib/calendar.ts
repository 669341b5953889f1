// Calendar arithmetic of attendance: dates are 'YYYY-MM-DD' wall-clock days in APP_TIMEZONE and
// months 'YYYY-MM'. Plain string and UTC-date arithmetic only, so the server's own zone never
// shifts a day. Today itself is the service context's (services/context.ts todayOf).

export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** First and last date of a month. */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number);
  return { from: `${month}-01`, to: iso(new Date(Date.UTC(y, m, 0))) };
}

export function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return iso(new Date(Date.UTC(y, m - 2, 1))).slice(0, 7);
}

/** Every date from `from` to `to`, both included (none when from > to). */
export function* datesBetween(from: string, to: string): Generator<string> {
  for (let d = from; d <= to; d = addDays(d, 1)) yield d;
}

export const maxDate = (a: string, b: string) => (a > b ? a : b);
export const minDate = (a: string, b: string) => (a < b ? a : b);
