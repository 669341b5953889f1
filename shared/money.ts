// Exact money arithmetic (DECISIONS §2, §4): amounts are decimal strings with at most 2 fraction
// digits ("1234.50"), held as integer paise (bigint) whenever we compute, never as floats.
// Used by transactions, budgets and salary deductions, on the server and in the client. No zod
// here (the form field is schemas/money.ts), so a screen that only shows amounts does not load it.
/** The largest amount a transaction or budget may carry: numeric(14,2). */
export const MAX_AMOUNT = "999999999999.99";
export const MAX_AMOUNT_PAISE = 99_999_999_999_999n;
/** What the client shows for the limit. */
export const MAX_AMOUNT_DISPLAY = "999,999,999,999.99";

export type MoneyProblem =
  | "empty" // undefined, null, "" or only spaces
  | "invalid" // not a plain decimal: letters, commas, exponent, NaN, Infinity, a wrong type
  | "negative"
  | "precision" // more than 2 fraction digits
  | "too_large"; // above MAX_AMOUNT

export type MoneyReading = { ok: true; value: string; paise: bigint } | { ok: false; problem: MoneyProblem };

// Plain decimals only: "12", "12.5", "12.50", "12.", ".5". No signs, grouping commas or exponents:
// what the API receives is what numeric(14,2) stores, with nothing left to guess.
const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * Reads a money input (a JSON number or a decimal string) and says exactly what is wrong with it.
 * Zero is accepted here; callers that need > 0 (transactions) check `paise > 0n`.
 */
export function readMoney(input: unknown): MoneyReading {
  let text: string;
  if (input === undefined || input === null) return { ok: false, problem: "empty" };
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, problem: "invalid" };
    if (input < 0) return { ok: false, problem: "negative" };
    // String() of a number is its shortest round-trip form, so 0.1 + 0.2 shows its 17 digits and
    // is refused rather than silently rounded. Very large or tiny numbers print with an exponent.
    text = String(input);
    if (/e/i.test(text)) return { ok: false, problem: input >= 1 ? "too_large" : "precision" };
  } else if (typeof input === "string") {
    text = input.trim();
    if (text === "") return { ok: false, problem: "empty" };
    if (text.startsWith("-") && DECIMAL.test(text.slice(1)) && /\d/.test(text)) return { ok: false, problem: "negative" };
  } else {
    return { ok: false, problem: "invalid" };
  }
  const match = DECIMAL.exec(text);
  if (!match || !/\d/.test(text)) return { ok: false, problem: "invalid" };
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { ok: false, problem: "precision" };
  const paise = BigInt(whole === "" ? "0" : whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  if (paise > MAX_AMOUNT_PAISE) return { ok: false, problem: "too_large" };
  return { ok: true, value: paiseToString(paise), paise };
}

/**
 * The normalised decimal string ("1234.50") of a valid money input, or null.
 * Valid: a finite number or a plain decimal string, >= 0, at most 2 fraction digits,
 * at most 999,999,999,999.99. Whether 0 is allowed is the caller's rule.
 */
export function parseMoney(input: number | string): string | null {
  const reading = readMoney(input);
  return reading.ok ? reading.value : null;
}

// Any size, signed, at most 2 fraction digits: what PostgreSQL gives back for numeric columns and sums.
const STORED = /^(-)?(\d+)(?:\.(\d{1,2}))?$|^(-)?\.(\d{1,2})$/;

/**
 * Integer paise of a decimal string as stored or summed by the database ("1234.5", "-3.00",
 * "12345678901234567.89"), or of a number with at most 2 fraction digits. Throws a RangeError
 * on anything else: a bad value here is a programming error, not user input.
 */
export function toPaise(amount: string | number | bigint): bigint {
  if (typeof amount === "bigint") return amount * 100n;
  const text = typeof amount === "number" ? (Number.isFinite(amount) ? String(amount) : "") : amount.trim();
  const m = STORED.exec(text);
  if (!m) throw new RangeError(`Not a money amount: ${JSON.stringify(amount)}`);
  const negative = Boolean(m[1] ?? m[4]);
  const whole = m[2] ?? "0";
  const fraction = (m[3] ?? m[5] ?? "").padEnd(2, "0");
  const paise = BigInt(whole) * 100n + BigInt(fraction);
  return negative ? -paise : paise;
}

/** "1234.50" from 123450n (or a safe integer); always 2 fraction digits, "-" for negatives. */
export function paiseToString(paise: bigint | number): string {
  if (typeof paise === "number" && !Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const p = BigInt(paise);
  const sign = p < 0n ? "-" : "";
  const abs = p < 0n ? -p : p;
  const rupees = abs / 100n;
  const rest = abs % 100n;
  return `${sign}${rupees}.${rest.toString().padStart(2, "0")}`;
}

/** a + b, exactly. */
export function addMoney(a: string | number, b: string | number): string {
  return paiseToString(toPaise(a) + toPaise(b));
}

/** a - b, exactly (may be negative: a budget's remaining amount). */
export function subtractMoney(a: string | number, b: string | number): string {
  return paiseToString(toPaise(a) - toPaise(b));
}

/** The exact sum of any number of amounts; "0.00" for none. Nulls are skipped (a SQL sum over no rows). */
export function sumMoney(amounts: Iterable<string | number | null | undefined>): string {
  let total = 0n;
  for (const a of amounts) if (a !== null && a !== undefined) total += toPaise(a);
  return paiseToString(total);
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compareMoney(a: string | number, b: string | number): -1 | 0 | 1 {
  const d = toPaise(a) - toPaise(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * amount × numerator / denominator, rounded to the nearest paisa (halves away from zero).
 * Salary deductions: a day's pay is prorateMoney(monthlySalary, 1, daysInMonth); half a day is
 * prorateMoney(monthlySalary, 1, 2 * daysInMonth). Rounding once at the end keeps totals exact.
 */
export function prorateMoney(amount: string | number, numerator: number | bigint, denominator: number | bigint): string {
  const num = BigInt(numerator);
  const den = BigInt(denominator);
  if (den === 0n) throw new RangeError("Cannot prorate over a denominator of 0");
  let n = toPaise(amount) * num;
  let d = den;
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const rounded = (abs * 2n + d) / (2n * d); // floor(abs/d + 1/2)
  return paiseToString(negative ? -rounded : rounded);
}

/** part / whole as a percentage (a float for display), 0 when whole is 0: budget usage. */
export function moneyPercent(part: string | number, whole: string | number): number {
  const w = toPaise(whole);
  if (w === 0n) return 0;
  // Basis points in integers first, so the float only carries the final division.
  const bp = (toPaise(part) * 10_000n) / w;
  return Number(bp) / 100;
}
