// authority.ts: what a submission needs and whether an approval completes it.
import { describe, expect, it } from "vitest";
import { approvalCompletes, categoryRequirement, isApproverRole } from "./authority";
import { ROLES } from "../../../shared/constants";

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

describe("approvalCompletes", () => {
  const policy = { approvalsRequired: 2, superAdminRequired: false, rules: [] };
  const approver = { role: "Approver" as const, emergency: false };
  it("counts the round's approvals", () => {
    expect(approvalCompletes(policy, [approver])).toBe(false);
    expect(approvalCompletes(policy, [approver, approver])).toBe(true);
  });
  it("an emergency link's approval completes at once", () => {
    expect(approvalCompletes(policy, [{ role: null, emergency: true }])).toBe(true);
  });
});

it("Approvers and SuperAdmins approve, nobody else", () => {
  expect(ROLES.filter(isApproverRole)).toEqual(["Approver", "SuperAdmin"]);
});
