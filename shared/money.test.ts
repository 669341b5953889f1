import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addMoney,
  compareMoney,
  MAX_AMOUNT,
  moneyPercent,
  paiseToString,
  parseMoney,
  prorateMoney,
  readMoney,
  subtractMoney,
  sumMoney,
  toPaise,
} from "./money";
import { moneySchema } from "./schemas/money";

describe("parseMoney: a money input becomes a normalised decimal string", () => {
  it.each([
    [1234.5, "1234.50"],
    ["1234.5", "1234.50"],
    ["1234.50", "1234.50"],
    [" 1234 ", "1234.00"],
    [100, "100.00"],
    ["0.01", "0.01"],
    [0.01, "0.01"],
    [".5", "0.50"],
    ["12.", "12.00"],
    ["007.10", "7.10"],
    ["0", "0.00"],
    [0, "0.00"],
    [-0, "0.00"],
    [999_999_999_999.99, "999999999999.99"],
    ["999999999999.99", "999999999999.99"],
  ] as const)("%j → %s", (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["abc", "invalid"],
    ["12abc", "invalid"],
    ["1,234.50", "invalid"],
    ["1e5", "invalid"],
    ["1E5", "invalid"],
    ["+5", "invalid"],
    ["NaN", "invalid"],
    ["Infinity", "invalid"],
    [".", "invalid"],
    ["0x10", "invalid"],
    ["1 000", "invalid"],
    ["١٢٣", "invalid"], // Arabic-Indic digits are not ASCII digits
    [Number.NaN, "invalid"],
    [Number.POSITIVE_INFINITY, "invalid"],
    [Number.NEGATIVE_INFINITY, "invalid"],
    ["-5", "negative"],
    ["-0.50", "negative"],
    [-5, "negative"],
    ["12.345", "precision"],
    [12.345, "precision"],
    [0.1 + 0.2, "precision"], // 0.30000000000000004: refused, never silently rounded
    [1e-7, "precision"],
    ["12.500", "precision"],
    ["1000000000000", "too_large"],
    ["1000000000000.00", "too_large"],
    [1e12, "too_large"],
    [1e21, "too_large"],
    ["999999999999.999", "precision"],
  ] as const)("%j is refused as %s", (input, problem) => {
    expect(parseMoney(input as never)).toBeNull();
    expect(readMoney(input)).toEqual({ ok: false, problem });
  });

  it.each([[undefined], [null], [true], [{}], [[]], [12n]])("%s of a wrong type is refused", (input) => {
    const reading = readMoney(input);
    expect(reading.ok).toBe(false);
  });

  it("MAX_AMOUNT is the numeric(14,2) limit of DECISIONS §4", () => {
    expect(parseMoney(MAX_AMOUNT)).toBe("999999999999.99");
    expect(toPaise(MAX_AMOUNT) + 1n).toBe(100_000_000_000_000n);
  });
});

describe("paise conversion round-trips exactly", () => {
  it.each([
    ["1234.50", 123450n],
    ["1234.5", 123450n],
    ["0.01", 1n],
    ["0", 0n],
    ["-3.00", -300n],
    ["-0.05", -5n],
    ["-.5", -50n],
    [".05", 5n],
    ["12345678901234567.89", 1234567890123456789n], // sums beyond numeric(14,2) and beyond 2^53
    [19.99, 1999n],
    [-2.5, -250n],
  ] as const)("toPaise(%j) = %s", (amount, paise) => {
    expect(toPaise(amount)).toBe(paise);
  });

  it.each([["abc"], ["1.234"], ["1e3"], [""], [Number.NaN], [0.1 + 0.2]])("toPaise(%j) throws", (amount) => {
    expect(() => toPaise(amount)).toThrow(RangeError);
  });

  it.each([
    [123450n, "1234.50"],
    [1n, "0.01"],
    [0n, "0.00"],
    [-5n, "-0.05"],
    [-123456n, "-1234.56"],
    [99_999_999_999_999n, "999999999999.99"],
    [250, "2.50"],
  ] as const)("paiseToString(%s) = %s", (paise, text) => {
    expect(paiseToString(paise)).toBe(text);
  });

  it("paiseToString refuses a fractional paisa", () => {
    expect(() => paiseToString(1.5)).toThrow(RangeError);
  });
});

describe("arithmetic is exact where floats are not", () => {
  it("0.10 + 0.20 = 0.30", () => {
    expect(addMoney("0.10", "0.20")).toBe("0.30");
    expect(addMoney(0.1, 0.2)).toBe("0.30");
  });

  it("subtracting can go below zero (a budget over its amount)", () => {
    expect(subtractMoney("100.00", "250.50")).toBe("-150.50");
  });

  it("sums many amounts exactly, past Number.MAX_SAFE_INTEGER paise", () => {
    expect(sumMoney([])).toBe("0.00");
    expect(sumMoney(["0.10", "0.20", null, undefined, 0.3])).toBe("0.60");
    const many = Array.from({ length: 100_000 }, () => MAX_AMOUNT);
    expect(sumMoney(many)).toBe("99999999999999000.00");
  });

  it.each([
    ["1.00", "1", 0],
    ["1.01", "1.00", 1],
    ["0.99", "1", -1],
    ["-1", "0", -1],
  ] as const)("compareMoney(%s, %s) = %i", (a, b, expected) => {
    expect(compareMoney(a, b)).toBe(expected);
  });

  it.each([
    // A day of a 30,000 salary in a 30-day month, and half of one.
    ["30000", 1, 30, "1000.00"],
    ["30000", 1, 60, "500.00"],
    // 31-day month: 1000/31 = 32.258… → 32.26; 0.5 day = 16.129… → 16.13
    ["1000", 1, 31, "32.26"],
    ["1000", 1, 62, "16.13"],
    // 2.5 days of 1000 over 31 days = 80.645… → 80.65 (rounded once, at the end)
    ["1000", 5, 62, "80.65"],
    // halves round away from zero
    ["0.01", 1, 2, "0.01"],
    ["-0.01", 1, 2, "-0.01"],
    ["0.03", 1, 2, "0.02"],
    ["100", 0, 7, "0.00"],
    ["100", 1, -4, "-25.00"],
  ] as const)("prorateMoney(%s, %i, %i) = %s", (amount, num, den, expected) => {
    expect(prorateMoney(amount, num, den)).toBe(expected);
  });

  it("prorateMoney refuses a zero denominator", () => {
    expect(() => prorateMoney("1", 1, 0)).toThrow(RangeError);
  });

  it.each([
    ["50", "200", 25],
    ["0", "200", 0],
    ["100", "0", 0],
    ["300", "200", 150],
    ["1", "3", 33.33],
  ] as const)("moneyPercent(%s, %s) = %d", (part, whole, expected) => {
    expect(moneyPercent(part, whole)).toBe(expected);
  });
});

describe("moneySchema: one message per problem", () => {
  const amount = moneySchema({
    required: "Amount is required",
    invalid: "Amount must be a valid positive number",
    precision: "Amount can have at most 2 decimal places",
    tooLarge: "Amount cannot exceed 999,999,999,999.99",
    positive: "Amount must be a valid positive number",
  });
  const body = z.object({ amount });

  it.each([
    [{}, "Amount is required"],
    [{ amount: "" }, "Amount is required"],
    [{ amount: null }, "Amount is required"],
    [{ amount: "abc" }, "Amount must be a valid positive number"],
    [{ amount: "-1" }, "Amount must be a valid positive number"],
    [{ amount: 0 }, "Amount must be a valid positive number"],
    [{ amount: "0.00" }, "Amount must be a valid positive number"],
    [{ amount: "1.001" }, "Amount can have at most 2 decimal places"],
    [{ amount: "1000000000000" }, "Amount cannot exceed 999,999,999,999.99"],
  ])("%j → %s", (input, message) => {
    const result = body.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["amount"], message })]);
  });

  it("answers the normalised string", () => {
    expect(body.parse({ amount: 42 })).toEqual({ amount: "42.00" });
    expect(body.parse({ amount: "1234.5" })).toEqual({ amount: "1234.50" });
  });

  it("allows zero when no positive message is given (budgets)", () => {
    const budgetAmount = moneySchema({ required: "Amount is required", invalid: "Invalid amount format" });
    expect(budgetAmount.parse("0")).toBe("0.00");
    expect(budgetAmount.safeParse("1.234").error?.issues[0]?.message).toBe("Invalid amount format");
  });
});
