import { describe, expect, it } from "vitest";
import { checkGstin, gstinCheckCharacter, GSTIN_MESSAGES, isValidPan, normalizeTaxId } from "./gstin";
import { GST_STATES, gstStateLabel, isGstStateCode } from "./gst-states";

// Computed with the rule of DECISIONS §12 (and 27AAPFU0939F1ZV, the GST portal's own sample).
const VALID = [
  { gstin: "27AAPFU0939F1ZV", pan: "AAPFU0939F", stateCode: "27" },
  { gstin: "29AAGCB7383J1Z4", pan: "AAGCB7383J", stateCode: "29" },
  { gstin: "07AAACR5055K1Z9", pan: "AAACR5055K", stateCode: "07" },
  { gstin: "33AABCT1332L1ZL", pan: "AABCT1332L", stateCode: "33" },
  { gstin: "09AAACH7409R1ZZ", pan: "AAACH7409R", stateCode: "09" },
];

describe("the GSTIN check", () => {
  it.each(VALID)("accepts $gstin and derives its PAN and state", ({ gstin, pan, stateCode }) => {
    expect(checkGstin(gstin)).toEqual({ ok: true, gstin, pan, stateCode });
  });

  it("computes the check character by hand for the portal's sample", () => {
    // 2 7 A A P F U 0 9 3 9 F 1 Z → values 2 7 10 10 25 15 30 0 9 3 9 15 1 35, weights 1 2 1 2 …
    const values = [2, 7, 10, 10, 25, 15, 30, 0, 9, 3, 9, 15, 1, 35];
    const sum = values.reduce((acc, v, i) => {
      const p = v * (i % 2 === 0 ? 1 : 2);
      return acc + Math.floor(p / 36) + (p % 36);
    }, 0);
    expect((36 - (sum % 36)) % 36).toBe(31); // 'V'
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });

  it("normalises spaces and lower case before checking", () => {
    expect(checkGstin(" 27aapfu0939f1zv ")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV", pan: "AAPFU0939F", stateCode: "27" });
    expect(normalizeTaxId(" aapfu0939f ")).toBe("AAPFU0939F");
  });

  it("accepts the state codes 97 and 99 and the entity characters beyond 9", () => {
    for (const head of ["97AAPFU0939F1Z", "99AAPFU0939F1Z", "38AAPFU0939FAZ", "27AAPFU0939FKZ"]) {
      const gstin = head + gstinCheckCharacter(head);
      expect(checkGstin(gstin).ok, gstin).toBe(true);
    }
  });

  it.each([
    ["27AAPFU0939F1Z", GSTIN_MESSAGES.length],
    ["27AAPFU0939F1ZVX", GSTIN_MESSAGES.length],
    ["", GSTIN_MESSAGES.length],
    ["27AAPFU0939F1Z-", GSTIN_MESSAGES.characters],
    ["00AAPFU0939F1ZV", GSTIN_MESSAGES.stateCode],
    ["39AAPFU0939F1ZV", GSTIN_MESSAGES.stateCode],
    ["98AAPFU0939F1ZV", GSTIN_MESSAGES.stateCode],
    ["AAAAPFU0939F1ZV", GSTIN_MESSAGES.stateCode],
    ["271APFU0939F1ZV", GSTIN_MESSAGES.pan],
    ["27AAPFUA939F1ZV", GSTIN_MESSAGES.pan],
    ["27AAPFU093911ZV", GSTIN_MESSAGES.pan],
    ["27AAPFU0939F0ZV", GSTIN_MESSAGES.entity],
    ["27AAPFU0939F1YV", GSTIN_MESSAGES.z],
    ["27AAPFU0939F1ZW", GSTIN_MESSAGES.check],
    ["27AAPFU0939F1Z0", GSTIN_MESSAGES.check],
    // Two characters swapped: the weights catch what a plain sum would not.
    ["27AAPFU9039F1ZV", GSTIN_MESSAGES.check],
  ])("refuses %j: %s", (gstin, reason) => {
    expect(checkGstin(gstin)).toEqual({ ok: false, reason });
  });

  it("checks a PAN's shape", () => {
    expect(isValidPan("AAPFU0939F")).toBe(true);
    expect(isValidPan("aapfu0939f")).toBe(true);
    expect(isValidPan("AAPF00939F")).toBe(false);
    expect(isValidPan("AAPFU0939")).toBe(false);
  });
});

describe("the GST state codes", () => {
  it("lists 01 to 38, 97 and 99 once each", () => {
    const codes = GST_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, "0")), "97", "99"]);
    expect(isGstStateCode("27")).toBe(true);
    expect(isGstStateCode("39")).toBe(false);
    expect(gstStateLabel("27")).toBe("27 Maharashtra");
  });
});
