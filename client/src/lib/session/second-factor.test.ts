import { describe, expect, it } from "vitest";
import { pendingFromAnswer } from "./second-factor";

describe("the half-signed-in state read from an answer (DECISIONS §13)", () => {
  it("reads the login answer's methods", () => {
    expect(pendingFromAnswer({ secondFactor: "required", methods: ["passkey", "recovery"] })).toEqual({ methods: ["passkey", "recovery"] });
  });

  it("reads a reload's session answer, so the second step resumes", () => {
    expect(pendingFromAnswer({ user: null, secondFactor: { methods: ["totp", "recovery"], expiresAt: "2026-11-27T10:05:00.000Z" } })).toEqual({
      methods: ["totp", "recovery"],
    });
  });

  it("is nothing for a signed-out or signed-in answer", () => {
    expect(pendingFromAnswer({ user: null })).toBeNull();
    expect(pendingFromAnswer(null)).toBeNull();
    expect(pendingFromAnswer({ user: { id: "1" }, secondFactorSetupRequired: false })).toBeNull();
  });

  it("drops methods it does not know, and still offers a recovery code", () => {
    expect(pendingFromAnswer({ secondFactor: "required", methods: ["sms", "totp"] })).toEqual({ methods: ["totp"] });
    expect(pendingFromAnswer({ secondFactor: "required", methods: [] })).toEqual({ methods: ["recovery"] });
  });
});
