import { describe, expect, it } from "vitest";
import type { Role, TransactionStatus } from "../../../shared/constants";
import {
  availableMoves,
  canMove,
  type MoveActor,
  statusAfterApproval,
  statusAfterApprovalDeleted,
  statusAfterPolicyChanged,
  statusAfterCancelPayment,
  statusLabel,
  TRANSACTION_MOVES,
  type TransactionMove,
  type TransactionState,
} from "./status-machine";

const OWNER = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

// ---------------------------------------------------------------- the whole table, cell by cell
//
// Columns: the states a transaction can be in. "Approved$" is Approved with isPaid true, which only a
// full override produces; spec 000 §4 treats it as paid.
const STATES: { name: string; status: TransactionStatus; isPaid: boolean }[] = [
  { name: "Draft", status: "Draft", isPaid: false },
  { name: "Pending", status: "Pending", isPaid: false },
  { name: "Approved", status: "Approved", isPaid: false },
  { name: "Approved$", status: "Approved", isPaid: true },
  { name: "Rejected", status: "Rejected", isPaid: false },
  { name: "PaymentDue", status: "PaymentDue", isPaid: false },
  { name: "Paid", status: "Paid", isPaid: true },
  { name: "Completed", status: "Completed", isPaid: true },
];

// Rows: who acts. "own" means the actor created (owns) the transaction.
const ACTORS: { name: string; role: Role; owns: boolean }[] = [
  { name: "Accountant (owner)", role: "Accountant", owns: true },
  { name: "Accountant", role: "Accountant", owns: false },
  { name: "Approver", role: "Approver", owns: false },
  { name: "Approver (owner)", role: "Approver", owns: true }, // after a change of owner
  { name: "SuperAdmin (owner)", role: "SuperAdmin", owns: true },
  { name: "SuperAdmin", role: "SuperAdmin", owns: false },
  { name: "HR Admin", role: "HR Admin", owns: false },
  { name: "HR Staff", role: "HR Staff", owns: false },
];

// One line per actor, one letter per state, in the orders above:
// y allowed · F forbidden (not theirs to do) · C conflict (not in this state).
//                       Draft Pending Approved Approved$ Rejected PaymentDue Paid Completed
const ALL = "yyyyyyyy";
const NONE = "FFFFFFFF";
const EXPECTED: Record<Exclude<TransactionMove, "create">, string[]> = {
  edit: ["yCCCyCCC", NONE, NONE, "yCCCyCCC", "yCCCyCCC", NONE, NONE, NONE],
  submit: ["yCCCyCCC", NONE, NONE, "yCCCyCCC", "yCCCyCCC", "yCCCyCCC", NONE, NONE],
  approve: [NONE, NONE, "CyCCCCCC", NONE, NONE, "CyCCCCCC", NONE, NONE],
  reject: [NONE, NONE, "CyCCCCCC", NONE, NONE, "CyCCCCCC", NONE, NONE],
  "delete-approval": [NONE, NONE, NONE, NONE, ALL, ALL, NONE, NONE],
  "mark-payment-due": ["CCyCCCCC", "CCyCCCCC", NONE, NONE, "CCyCCCCC", "CCyCCCCC", NONE, NONE],
  "process-payment": ["CCyCCyCC", "CCyCCyCC", NONE, NONE, "CCyCCyCC", "CCyCCyCC", NONE, NONE],
  "cancel-payment": ["CCCyCCyC", "CCCyCCyC", NONE, NONE, "CCCyCCyC", "CCCyCCyC", NONE, NONE],
  complete: ["CCCyCCyC", "CCCyCCyC", NONE, NONE, "CCCyCCyC", "CCCyCCyC", NONE, NONE],
  delete: ["yCCCCCCC", NONE, NONE, "yCCCCCCC", ALL, ALL, NONE, NONE],
  "force-status": [NONE, NONE, NONE, NONE, ALL, ALL, NONE, NONE],
  "change-owner": [NONE, NONE, NONE, NONE, ALL, ALL, NONE, NONE],
  "full-override": [NONE, NONE, NONE, NONE, ALL, ALL, NONE, NONE],
  "issue-emergency-links": ["CyCCCCCC", NONE, NONE, "CyCCCCCC", "CyCCCCCC", "CyCCCCCC", NONE, NONE],
  "add-attachment": ["yCCCyCCC", NONE, NONE, "yCCCyCCC", ALL, ALL, NONE, NONE],
};

const txnIn = (state: (typeof STATES)[number], extra: Partial<TransactionState> = {}): TransactionState => ({
  status: state.status,
  isPaid: state.isPaid,
  paymentDueDate: null,
  createdBy: OWNER,
  isEmergency: true,
  ...extra,
});
const actorOf = (a: (typeof ACTORS)[number]): MoveActor => ({ id: a.owns ? OWNER : OTHER, role: a.role });

const cells = Object.entries(EXPECTED).flatMap(([move, rows]) =>
  ACTORS.flatMap((actor, r) =>
    STATES.map((state, c) => {
      const letter = rows[r]?.[c];
      return { move: move as TransactionMove, actor, state, expected: letter === "y" ? "ok" : letter === "F" ? "forbidden" : "conflict" };
    }),
  ),
);

describe("DECISIONS §4 move table, every cell", () => {
  it("the table covers every move", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(TRANSACTION_MOVES.filter((m) => m !== "create").sort());
    for (const rows of Object.values(EXPECTED)) {
      expect(rows).toHaveLength(ACTORS.length);
      for (const row of rows) expect(row).toMatch(/^[yFC]{8}$/);
    }
  });

  it.each(cells)("$move by $actor.name on $state.name → $expected", ({ move, actor, state, expected }) => {
    const verdict = canMove(move, txnIn(state), actorOf(actor));
    expect(verdict.ok ? "ok" : verdict.kind).toBe(expected);
    if (!verdict.ok) expect(verdict.message.length).toBeGreaterThan(10);
  });
});

describe("create", () => {
  it.each<[Role, "ok" | "forbidden"]>([
    ["Accountant", "ok"],
    ["SuperAdmin", "ok"],
    ["Approver", "forbidden"],
    ["HR Admin", "forbidden"],
    ["HR Staff", "forbidden"],
  ])("by %s → %s", (role, expected) => {
    const verdict = canMove("create", null, { id: OTHER, role });
    expect(verdict.ok ? "ok" : verdict.kind).toBe(expected);
  });

  it("says who may", () => {
    expect(canMove("create", null, { id: OTHER, role: "Approver" })).toEqual({
      ok: false,
      kind: "forbidden",
      message: "Only Accountants and SuperAdmins can create transactions",
    });
  });

  it("every other move needs the transaction", () => {
    expect(() => canMove("approve", null, { id: OTHER, role: "Approver" })).toThrow();
  });
});

describe("messages a person understands", () => {
  const txn = (status: TransactionStatus, extra: Partial<TransactionState> = {}): TransactionState => ({
    status,
    isPaid: status === "Paid" || status === "Completed",
    paymentDueDate: null,
    createdBy: OWNER,
    isEmergency: false,
    ...extra,
  });
  const approver: MoveActor = { id: OTHER, role: "Approver" };
  const accountant: MoveActor = { id: OTHER, role: "Accountant" };
  const owner: MoveActor = { id: OWNER, role: "Accountant" };
  const superAdmin: MoveActor = { id: OTHER, role: "SuperAdmin" };

  it.each<[string, TransactionMove, TransactionState, MoveActor, "forbidden" | "conflict", string]>([
    ["approve twice", "approve", txn("Approved"), approver, "conflict", "Only Pending transactions can be approved (this one is Approved)"],
    ["approve a Draft", "approve", txn("Draft"), approver, "conflict", "Only Pending transactions can be approved (this one is Draft)"],
    ["approve your own", "approve", txn("Pending", { createdBy: OTHER }), superAdmin, "forbidden", "You cannot approve your own transaction"],
    ["reject your own", "reject", txn("Pending", { createdBy: OTHER }), { id: OTHER, role: "Approver" }, "forbidden", "You cannot reject your own transaction"],
    ["approve as Accountant", "approve", txn("Pending"), accountant, "forbidden", "Only Approvers and SuperAdmins can approve transactions"],
    ["reject a Paid one", "reject", txn("Paid"), approver, "conflict", "Only Pending transactions can be rejected (this one is Paid)"],
    ["edit another's", "edit", txn("Draft"), accountant, "forbidden", "Only the owner of this transaction can edit it"],
    ["edit when Pending", "edit", txn("Pending"), owner, "conflict", "Only Draft or Rejected transactions can be edited (this one is Pending)"],
    ["submit twice", "submit", txn("Pending"), owner, "conflict", "Only Draft or Rejected transactions can be submitted for approval (this one is Pending)"],
    ["submit another's", "submit", txn("Draft"), accountant, "forbidden", "Only the owner of this transaction or a SuperAdmin can submit it"],
    [
      "mark due when Payment Due",
      "mark-payment-due",
      txn("PaymentDue"),
      accountant,
      "conflict",
      "Only Approved, unpaid transactions can be marked payment due (this one is Payment Due)",
    ],
    ["mark due as Approver", "mark-payment-due", txn("Approved"), approver, "forbidden", "Only Accountants and SuperAdmins can mark a payment due"],
    [
      "pay twice",
      "process-payment",
      txn("Paid"),
      accountant,
      "conflict",
      "Only Approved or Payment Due transactions that are not yet paid can be paid (this one is Paid)",
    ],
    [
      "pay a paid Approved",
      "process-payment",
      txn("Approved", { isPaid: true }),
      accountant,
      "conflict",
      "Only Approved or Payment Due transactions that are not yet paid can be paid (this one is Approved and already paid)",
    ],
    [
      "pay a Pending",
      "process-payment",
      txn("Pending"),
      accountant,
      "conflict",
      "Only Approved or Payment Due transactions that are not yet paid can be paid (this one is Pending)",
    ],
    [
      "cancel an unpaid",
      "cancel-payment",
      txn("PaymentDue"),
      accountant,
      "conflict",
      "Only Paid transactions can have their payment cancelled (this one is Payment Due)",
    ],
    ["complete twice", "complete", txn("Completed"), accountant, "conflict", "Only Paid transactions can be completed (this one is Completed)"],
    ["complete as HR", "complete", txn("Paid"), { id: OTHER, role: "HR Admin" }, "forbidden", "Only Accountants and SuperAdmins can complete transactions"],
    ["delete own Pending", "delete", txn("Pending"), owner, "conflict", "You can only delete your own transaction while it is a Draft (this one is Pending)"],
    ["delete another's Draft", "delete", txn("Draft"), accountant, "forbidden", "Only a SuperAdmin, or the owner of a Draft, can delete a transaction"],
    ["delete an approval as Approver", "delete-approval", txn("Approved"), approver, "forbidden", "Only a SuperAdmin can delete an approval"],
    ["force as Accountant", "force-status", txn("Pending"), owner, "forbidden", "Only a SuperAdmin can force a transaction's status"],
    ["change owner as Approver", "change-owner", txn("Pending"), approver, "forbidden", "Only a SuperAdmin can change a transaction's owner"],
    ["override as Accountant", "full-override", txn("Draft"), owner, "forbidden", "Only a SuperAdmin can override a transaction"],
    [
      "links for a Draft",
      "issue-emergency-links",
      txn("Draft", { isEmergency: true }),
      owner,
      "conflict",
      "Emergency links can only be issued for Pending transactions (this one is Draft)",
    ],
    ["links without the flag", "issue-emergency-links", txn("Pending"), owner, "conflict", "This transaction is not marked 'Emergency Approval Required'"],
    [
      "links for another's",
      "issue-emergency-links",
      txn("Pending", { isEmergency: true }),
      accountant,
      "forbidden",
      "Only the owner of this transaction or a SuperAdmin can issue emergency links",
    ],
    [
      "attach to a Pending",
      "add-attachment",
      txn("Pending"),
      owner,
      "conflict",
      "Attachments can only be added to Draft or Rejected transactions (this one is Pending)",
    ],
  ])("%s", (_name, move, transaction, actor, status, message) => {
    expect(canMove(move, transaction, actor)).toEqual({ ok: false, kind: status, message });
  });

  it("a role problem is reported before a state problem", () => {
    expect(canMove("approve", txn("Completed"), accountant)).toMatchObject({ kind: "forbidden" });
    expect(canMove("approve", txn("Completed", { createdBy: OTHER }), approver)).toMatchObject({
      kind: "forbidden",
      message: "You cannot approve your own transaction",
    });
  });

  it.each<["approved" | "rejected", TransactionMove]>([
    ["approved", "approve"],
    ["approved", "reject"],
    ["rejected", "approve"],
    ["rejected", "reject"],
  ])("once %s in this round, %s is refused", (myAction, move) => {
    expect(canMove(move, txn("Pending"), approver, { myActionThisRound: myAction })).toEqual({
      ok: false,
      kind: "conflict",
      message: `You have already ${myAction} this transaction`,
    });
  });

  it("having acted in an earlier round does not count", () => {
    expect(canMove("approve", txn("Pending"), approver, { myActionThisRound: null })).toEqual({ ok: true });
  });

  it("a SuperAdmin who owns it may still submit, delete and override, but never approve it", () => {
    const mine: MoveActor = { id: OWNER, role: "SuperAdmin" };
    expect(canMove("submit", txn("Draft"), mine).ok).toBe(true);
    expect(canMove("delete", txn("Completed"), mine).ok).toBe(true);
    expect(canMove("full-override", txn("Completed"), mine).ok).toBe(true);
    expect(canMove("approve", txn("Pending"), mine)).toMatchObject({ kind: "forbidden" });
  });
});

describe("availableMoves lists what may be done now", () => {
  const base: TransactionState = { status: "Pending", isPaid: false, paymentDueDate: null, createdBy: OWNER, isEmergency: false };

  it.each<[string, TransactionState, MoveActor, TransactionMove[]]>([
    ["owner of a Draft", { ...base, status: "Draft" }, { id: OWNER, role: "Accountant" }, ["edit", "submit", "delete", "add-attachment"]],
    ["approver of a Pending", base, { id: OTHER, role: "Approver" }, ["approve", "reject"]],
    ["accountant of an Approved", { ...base, status: "Approved" }, { id: OTHER, role: "Accountant" }, ["mark-payment-due", "process-payment"]],
    ["accountant of a Paid", { ...base, status: "Paid", isPaid: true }, { id: OTHER, role: "Accountant" }, ["cancel-payment", "complete"]],
    ["HR Staff of anything", base, { id: OTHER, role: "HR Staff" }, []],
    [
      "SuperAdmin of a Pending",
      base,
      { id: OTHER, role: "SuperAdmin" },
      ["approve", "reject", "delete-approval", "delete", "force-status", "change-owner", "full-override", "add-attachment"],
    ],
  ])("%s", (_name, txn, actor, moves) => {
    expect(availableMoves(txn, actor)).toEqual(moves);
  });
});

const policy = (approvalsRequired: number) => ({ approvalsRequired, superAdminRequired: false, rules: [] });
const approvedBy = (n: number) => Array.from({ length: n }, () => ({ asSuperAdmin: false, emergency: false }));

describe("where moves lead", () => {
  it.each<[number, number, "Approved" | "Pending"]>([
    [0, 1, "Pending"],
    [1, 1, "Approved"],
    [1, 2, "Pending"],
    [2, 2, "Approved"],
    [3, 2, "Approved"],
    [4, 5, "Pending"],
  ])("statusAfterApproval(%i received, %i required) = %s", (received, required, expected) => {
    expect(statusAfterApproval(policy(required), approvedBy(received))).toBe(expected);
  });

  it.each<[TransactionStatus, number, number, TransactionStatus]>([
    ["Approved", 1, 2, "Pending"],
    ["Approved", 0, 1, "Pending"],
    ["Approved", 2, 2, "Approved"],
    ["Pending", 0, 2, "Pending"],
    ["Rejected", 0, 1, "Rejected"],
    ["Paid", 0, 1, "Paid"],
    ["Draft", 0, 1, "Draft"],
  ])("statusAfterApprovalDeleted(%s, %i, %i) = %s", (status, received, required, expected) => {
    expect(statusAfterApprovalDeleted(status, policy(required), approvedBy(received))).toBe(expected);
  });

  it.each<[TransactionStatus, number, number, TransactionStatus]>([
    ["Pending", 1, 1, "Approved"],
    ["Pending", 1, 2, "Pending"],
    ["Approved", 1, 2, "Pending"],
    ["PaymentDue", 1, 2, "Pending"],
    ["Approved", 2, 2, "Approved"],
    ["PaymentDue", 2, 1, "PaymentDue"],
    ["Paid", 0, 3, "Paid"],
    ["Completed", 0, 3, "Completed"],
    ["Rejected", 0, 1, "Rejected"],
    ["Draft", 0, 1, "Draft"],
  ])("statusAfterPolicyChanged(%s, %i received, %i now required) = %s", (status, received, required, expected) => {
    expect(statusAfterPolicyChanged(status, policy(required), approvedBy(received))).toBe(expected);
  });

  it("statusAfterPolicyChanged: a new policy that asks a SuperAdmin's approval the round lacks reopens an Approved one", () => {
    const needsSuperAdmin = { ...policy(1), superAdminRequired: true };
    expect(statusAfterPolicyChanged("Approved", needsSuperAdmin, approvedBy(2))).toBe("Pending");
    expect(statusAfterPolicyChanged("Approved", needsSuperAdmin, [{ asSuperAdmin: true, emergency: false }])).toBe("Approved");
  });

  it.each<[string | null | undefined, "PaymentDue" | "Approved"]>([
    ["2026-12-01", "PaymentDue"],
    [null, "Approved"],
    [undefined, "Approved"],
    ["", "Approved"],
  ])("statusAfterCancelPayment(%j) = %s", (dueDate, expected) => {
    expect(statusAfterCancelPayment(dueDate)).toBe(expected);
  });

  it("statuses read as people say them", () => {
    expect(statusLabel("PaymentDue")).toBe("Payment Due");
    expect(statusLabel("Draft")).toBe("Draft");
  });
});
