import { beforeAll, describe, expect, it } from "vitest";
import { setDisplayTimeZone } from "@shared/format";
import { importMonthOptions } from "./dates";

beforeAll(() => setDisplayTimeZone("Asia/Kolkata"));

describe("importMonthOptions", () => {
  it("offers this month and the 12 before it, newest first, and no month after the current one (DECISIONS §16)", () => {
    // 20:00 UTC on 30 November is already 1 December in Asia/Kolkata: December is the current month.
    const options = importMonthOptions(new Date("2026-11-30T20:00:00Z"));
    expect(options[0]).toEqual({ value: "2026-12", label: "December 2026" });
    expect(options.at(-1)).toEqual({ value: "2025-12", label: "December 2025" });
    expect(options).toHaveLength(13);
    expect(options.every((o) => o.value <= "2026-12")).toBe(true);
  });
});
