import { describe, expect, it } from "vitest";
import { missingInWords, policyInWords, previewInWords, rulesInWords } from "./approval-words";

const rule = (name: string) => ({ id: "00000000-0000-4000-8000-000000000001", name, minAmount: "500000.00", requiredApprovals: 3, superAdminRequired: true });

describe("what a policy needs, in words (DECISIONS §11)", () => {
  it("names the count, the SuperAdmin's place and the rule", () => {
    expect(policyInWords({ approvalsRequired: 3, superAdminRequired: true, rules: [rule("Above ₹5,00,000")] })).toBe(
      "Needs 3 approvals, one of them a SuperAdmin's: rule 'Above ₹5,00,000'",
    );
  });

  it("says 'Needs 1 approval' with no rule", () => {
    expect(policyInWords({ approvalsRequired: 1, superAdminRequired: false, rules: [] })).toBe("Needs 1 approval");
  });

  it("with one approval needed and a SuperAdmin's required, that one is the SuperAdmin's", () => {
    expect(policyInWords({ approvalsRequired: 1, superAdminRequired: true, rules: [rule("CEO signs")] })).toBe(
      "Needs 1 approval, a SuperAdmin's: rule 'CEO signs'",
    );
  });

  it("lists several rules", () => {
    expect(rulesInWords([rule("A"), rule("B")])).toBe("rules 'A' and 'B'");
    expect(rulesInWords([rule("A"), rule("B"), rule("C")])).toBe("rules 'A', 'B' and 'C'");
    expect(rulesInWords([])).toBe("");
  });

  it("says the preview in the future", () => {
    expect(previewInWords({ approvalsRequired: 2, superAdminRequired: false, rules: [rule("Above ₹1,00,000")] })).toBe(
      "Will need 2 approvals: rule 'Above ₹1,00,000'",
    );
    expect(previewInWords({ approvalsRequired: 1, superAdminRequired: false, rules: [] })).toBe("Will need 1 approval");
  });
});

describe("what is still missing, in words", () => {
  const state = (received: number, required: number, superAdminRequired: boolean, superAdminApproved = false) => ({
    approvalsRequired: required,
    approvalsReceived: received,
    approvalPolicy: { superAdminRequired },
    superAdminApproved,
  });

  it("counts the approvals still needed", () => {
    expect(missingInWords(state(0, 1, false))).toBe("1 more approval");
    expect(missingInWords(state(1, 3, false))).toBe("2 more approvals");
  });

  it("says nothing when the count is reached and no SuperAdmin is needed", () => {
    expect(missingInWords(state(2, 2, false))).toBeNull();
  });

  it("waits for a SuperAdmin when the last place is kept for one", () => {
    expect(missingInWords(state(1, 2, true))).toBe("Waiting for a SuperAdmin");
    expect(missingInWords(state(0, 1, true))).toBe("Waiting for a SuperAdmin");
  });

  it("names the SuperAdmin's place among several still needed", () => {
    expect(missingInWords(state(0, 2, true))).toBe("2 more approvals, one of them a SuperAdmin's");
  });

  it("once a SuperAdmin has approved, only the count is missing", () => {
    expect(missingInWords(state(1, 2, true, true))).toBe("1 more approval");
    expect(missingInWords(state(1, 3, true, true))).toBe("2 more approvals");
  });

  it("reads a transaction submitted before policies were kept by its count", () => {
    expect(missingInWords({ approvalsRequired: 2, approvalsReceived: 1, approvalPolicy: null, superAdminApproved: false })).toBe("1 more approval");
  });
});
