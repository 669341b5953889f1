import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { RECOVERY_CODE_SHAPE, recoveryCodeFrom } from "./recovery-code";

describe("a recovery code's shape", () => {
  it("the placeholder has the shape of the codes the server makes: four groups of four (DECISIONS §16)", () => {
    expect(RECOVERY_CODE_SHAPE).toBe("XXXX-XXXX-XXXX-XXXX");
    const shape = new RegExp(`^${RECOVERY_CODE_SHAPE.replace(/X/g, "[A-HJ-NP-Z2-9]")}$`);
    for (let i = 0; i < 50; i++) expect(recoveryCodeFrom(crypto.randomBytes(16))).toMatch(shape);
  });
});
