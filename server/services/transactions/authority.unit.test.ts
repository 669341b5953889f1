// authority.ts: what a submission needs and whether an approval completes it.
import { describe, expect, it } from "vitest";
import { approvalCompletes, categoryRequirement, decideApproval, decideApprovalPolicy, type PolicyRule, type SubmissionFacts } from "./authority";
import { isApproverRole, ROLES } from "../../../shared/constants";

describe("categoryRequirement: the category's requirement, at least 2 for the built-in Salary", () => {
  it.each<[string, boolean, number, number]>([
    ["Salary", true, 2, 2],
    ["Salary", true, 1, 2],
    ["Salary", true, 3, 3],
    ["Salary", true, 5, 5],
    // Only the built-in Salary: a category that merely looks like it needs its own count.
    ["Salary.", false, 1, 1],
    ["Salary", false, 1, 1],
    ["Payroll", false, 1, 1],
    ["Vendor Payment", true, 1, 1],
    ["Vendor Payment", false, 4, 4],
    ["Salary Advance", false, 1, 1],
    ["Travel", true, 0, 1],
    ["Travel", false, 9, 5],
    ["Travel", false, Number.NaN, 1],
  ])("%j (built in: %s) with %i → %i", (name, isBuiltin, requiredApprovals, expected) => {
    expect(categoryRequirement({ name, isBuiltin, requiredApprovals })).toBe(expected);
  });
});

describe("decideApprovalPolicy: what a submission needs", () => {
  const facts: SubmissionFacts = { category: { id: "travel", name: "Travel", isBuiltin: true, requiredApprovals: 1 }, formType: "B", amount: "100000.00" };
  let n = 0;
  const rule = (over: Partial<PolicyRule>): PolicyRule => ({
    id: `r${++n}`,
    name: `Rule ${n}`,
    categoryId: null,
    formType: null,
    minAmount: "1.00",
    requiredApprovals: 2,
    superAdminRequired: false,
    isActive: true,
    ...over,
  });

  it("the largest requirement of the matching rules wins, wherever it stands in the list; each matching rule is named", () => {
    const rules = [rule({ requiredApprovals: 2 }), rule({ requiredApprovals: 4, categoryId: "travel" }), rule({ requiredApprovals: 3, formType: "B" })];
    const policy = decideApprovalPolicy(facts, rules);
    expect(policy.approvalsRequired).toBe(4);
    expect(policy.rules.map((r) => r.id)).toEqual(rules.map((r) => r.id));
    expect(decideApprovalPolicy(facts, [...rules].reverse()).approvalsRequired).toBe(4);
  });

  it("ignores an inactive rule, another category's, the other form type's and one whose minimum is a paisa above the amount", () => {
    const ignored = [
      rule({ requiredApprovals: 5, superAdminRequired: true, isActive: false }),
      rule({ requiredApprovals: 5, superAdminRequired: true, categoryId: "salary" }),
      rule({ requiredApprovals: 5, superAdminRequired: true, formType: "R" }),
      rule({ requiredApprovals: 5, superAdminRequired: true, minAmount: "100000.01" }),
    ];
    expect(decideApprovalPolicy(facts, ignored)).toEqual({ approvalsRequired: 1, superAdminRequired: false, rules: [] });
    const atMinimum = rule({ requiredApprovals: 3, minAmount: "100000.00", superAdminRequired: true });
    expect(decideApprovalPolicy(facts, [...ignored, atMinimum])).toMatchObject({
      approvalsRequired: 3,
      superAdminRequired: true,
      rules: [{ id: atMinimum.id }],
    });
  });

  it("the category's own requirement wins over smaller rules; the built-in Salary needs 2 with no rule", () => {
    expect(decideApprovalPolicy({ ...facts, category: { ...facts.category, requiredApprovals: 4 } }, [rule({ requiredApprovals: 2 })]).approvalsRequired).toBe(
      4,
    );
    expect(decideApprovalPolicy({ ...facts, category: { id: "salary", name: "Salary", isBuiltin: true, requiredApprovals: 1 } }, []).approvalsRequired).toBe(2);
    expect(
      decideApprovalPolicy({ ...facts, category: { id: "lookalike", name: "Salary.", isBuiltin: false, requiredApprovals: 1 } }, []).approvalsRequired,
    ).toBe(1);
  });
});

describe("approvalCompletes", () => {
  const policy = { approvalsRequired: 2, superAdminRequired: false, rules: [] };
  const approver = { asSuperAdmin: false, emergency: false };
  it("counts the round's approvals", () => {
    expect(approvalCompletes(policy, [approver])).toBe(false);
    expect(approvalCompletes(policy, [approver, approver])).toBe(true);
  });
  it("an emergency link's approval completes at once", () => {
    expect(approvalCompletes(policy, [{ asSuperAdmin: false, emergency: true }])).toBe(true);
  });
});

it("Approvers and SuperAdmins approve, nobody else", () => {
  expect(ROLES.filter(isApproverRole)).toEqual(["Approver", "SuperAdmin"]);
});

describe("decideApproval: limits, the SuperAdmin's place, delegation", () => {
  const policy = (approvalsRequired: number, superAdminRequired = false) => ({ approvalsRequired, superAdminRequired, rules: [] });
  const me = (approvalLimit: string | null, role: "Approver" | "SuperAdmin" = "Approver") => ({ id: "me", name: "Anita Desai", role, approvalLimit });
  const boss = { id: "boss", name: "Rajesh Sharma", role: "SuperAdmin" as const, approvalLimit: null };
  const empty = { approvals: [], actedIds: new Set<string>() };
  const subject = (amount: string, p = policy(1), createdBy = "accountant") => ({ amount, createdBy, policy: p });

  it("own authority within the limit, exactly at it included", () => {
    expect(decideApproval({ own: me("1000.00"), delegators: [] }, subject("1000.00"), empty)).toEqual({ ok: true, onBehalfOf: null });
  });
  it("a paisa above the limit: 403 with the limit in rupees", () => {
    expect(decideApproval({ own: me("1000.00"), delegators: [] }, subject("1000.01"), empty)).toEqual({
      ok: false,
      kind: "forbidden",
      code: "above_limit",
      message: "Above your approval limit of ₹1,000.00",
    });
  });
  it("the delegator's authority where the own falls short, never on the delegator's own transaction or once they acted", () => {
    const standing = { own: me("100"), delegators: [boss] };
    expect(decideApproval(standing, subject("5000"), empty)).toEqual({ ok: true, onBehalfOf: boss });
    expect(decideApproval(standing, subject("50"), empty)).toEqual({ ok: true, onBehalfOf: null });
    expect(decideApproval(standing, subject("5000", policy(1), "boss"), empty).ok).toBe(false);
    expect(decideApproval(standing, subject("5000"), { approvals: [], actedIds: new Set(["boss"]) }).ok).toBe(false);
  });
  it("the SuperAdmin's place: an Approver refused 409, the delegate of a SuperAdmin takes it on their behalf", () => {
    const round = { approvals: [{ asSuperAdmin: false, emergency: false }], actedIds: new Set(["other"]) };
    expect(decideApproval({ own: me(null), delegators: [] }, subject("10", policy(2, true)), round)).toMatchObject({
      ok: false,
      kind: "conflict",
      code: "superadmin_required",
    });
    expect(decideApproval({ own: me(null), delegators: [boss] }, subject("10", policy(2, true)), round)).toEqual({ ok: true, onBehalfOf: boss });
    expect(decideApproval({ own: me(null, "SuperAdmin"), delegators: [] }, subject("10", policy(2, true)), round)).toEqual({ ok: true, onBehalfOf: null });
  });
});
