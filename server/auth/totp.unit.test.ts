// RFC 6238 codes as the sign-in accepts them (DECISIONS §13): one step either side of now, never
// two; a code of the last accepted step or an earlier one is refused (replay).
import { describe, expect, it } from "vitest";
import { acceptedTotpStep, newTotpSecret, totpCodeAt, totpUrl } from "./totp";

const secret = newTotpSecret();
// Mid-step, so ±15 s stays inside neighbouring steps.
const now = new Date(Math.floor(Date.UTC(2026, 10, 27, 10, 0, 0) / 30_000) * 30_000 + 15_000);
const step = Math.floor(now.getTime() / 30_000);
const codeAtStep = (offset: number) => totpCodeAt(secret, new Date(now.getTime() + offset * 30_000));

describe("acceptedTotpStep", () => {
  it("accepts the codes of the previous, current and next step, answering their step", () => {
    expect(acceptedTotpStep(secret, codeAtStep(-1), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, codeAtStep(0), now, null)).toBe(step);
    expect(acceptedTotpStep(secret, codeAtStep(1), now, null)).toBe(step + 1);
  });

  it("refuses codes two steps away either side", () => {
    // A code of ±2 steps may by chance equal one of the window's (1 in 10^6 per pair): skip that draw.
    for (const offset of [-2, 2]) {
      const code = codeAtStep(offset);
      if ([-1, 0, 1].some((o) => codeAtStep(o) === code)) continue;
      expect(acceptedTotpStep(secret, code, now, null)).toBeNull();
    }
  });

  it("refuses a code of the last accepted step (replay) and of any earlier step", () => {
    expect(acceptedTotpStep(secret, codeAtStep(0), now, step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAtStep(-1), now, step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAtStep(1), now, step)).toBe(step + 1);
  });

  it("refuses anything but six digits, and another secret's code", () => {
    const code = codeAtStep(0);
    expect(acceptedTotpStep(secret, ` ${code}`, now, null)).toBeNull();
    expect(acceptedTotpStep(secret, code.slice(0, 5), now, null)).toBeNull();
    expect(acceptedTotpStep(secret, `${code}0`, now, null)).toBeNull();
    expect(acceptedTotpStep(secret, "abcdef", now, null)).toBeNull();
    const other = newTotpSecret();
    if (totpCodeAt(other, now) !== code && [-1, 1].every((o) => codeAtStep(o) !== totpCodeAt(other, now)))
      expect(acceptedTotpStep(secret, totpCodeAt(other, now), now, null)).toBeNull();
  });

  it("the otpauth URL names the app, the user, SHA1, 6 digits and 30 s", () => {
    const url = new URL(totpUrl(secret, "asha.rao"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(decodeURIComponent(url.pathname)).toContain("asha.rao");
  });
});
