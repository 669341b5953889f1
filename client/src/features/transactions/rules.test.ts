import { describe, expect, it } from "vitest";
import type { Transaction } from "@shared/schemas/transactions";
import { accountantRecent, checkNewFiles, isOverdue, isSalaryCategory, parseCustomFieldJson, parseOverrideAmount } from "./rules";

const file = (name: string, size = 1000) => ({ name, size });
const MB = 1024 * 1024;

describe("attachments (spec 000 §5)", () => {
  it("accepts files up to 20 MB each", () => {
    expect(checkNewFiles([file("a.pdf", 20 * MB)], 0)).toEqual({ accepted: [file("a.pdf", 20 * MB)], errors: [] });
  });
  it("refuses a file over 20 MB with '{file}: File is too large (max 20 MB)'", () => {
    const result = checkNewFiles([file("big.zip", 20 * MB + 1), file("ok.pdf")], 0);
    expect(result.errors).toEqual(["big.zip: File is too large (max 20 MB)"]);
    expect(result.accepted.map((f) => f.name)).toEqual(["ok.pdf"]);
  });
  it("refuses more than 10 files at once with 'Too many files. Maximum 10 files allowed.'", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i}`));
    expect(checkNewFiles(eleven, 0)).toEqual({ accepted: [], errors: ["Too many files. Maximum 10 files allowed."] });
  });
  it("refuses files that would pass 10 with 'Cannot add {n} files. Maximum 10 files allowed.'", () => {
    expect(checkNewFiles([file("a"), file("b"), file("c")], 8).errors).toEqual(["Cannot add 3 files. Maximum 10 files allowed."]);
  });
  it("says 'Maximum number of files reached (10)' when 10 are already there", () => {
    expect(checkNewFiles([file("a")], 10).errors).toEqual(["Maximum number of files reached (10)"]);
  });
});

describe("payment due (spec 000 §4)", () => {
  const due = (paymentDueDate: string | null) => ({ status: "PaymentDue" as const, isPaid: false, paymentDueDate });
  it("is overdue when the due date is before today", () => {
    expect(isOverdue(due("2026-11-20"), "2026-11-21")).toBe(true);
  });
  it("is not overdue on the due date, later, or without one", () => {
    expect(isOverdue(due("2026-11-21"), "2026-11-21")).toBe(false);
    expect(isOverdue(due("2026-12-01"), "2026-11-21")).toBe(false);
    expect(isOverdue(due(null), "2026-11-21")).toBe(false);
  });
});

describe("admin override parsing (spec 000 §5)", () => {
  it("parses the amount as a number, 0 when it is not one", () => {
    expect(parseOverrideAmount("1234.5")).toBe(1234.5);
    expect(parseOverrideAmount("abc")).toBe(0);
    expect(parseOverrideAmount("")).toBe(0);
  });
  it("reads custom field values JSON, {} when unparseable or not an object", () => {
    expect(parseCustomFieldJson('{"vendor": "Acme"}')).toEqual({ vendor: "Acme" });
    expect(parseCustomFieldJson("{oops")).toEqual({});
    expect(parseCustomFieldJson("[1,2]")).toEqual({});
    expect(parseCustomFieldJson("null")).toEqual({});
  });
});

describe("create form", () => {
  it("shows the Salary alert for the Salary category, case-insensitively", () => {
    expect(isSalaryCategory({ name: "Salary" })).toBe(true);
    expect(isSalaryCategory({ name: " SALARY " })).toBe(true);
    expect(isSalaryCategory({ name: "Salary Advance" })).toBe(false);
    expect(isSalaryCategory(undefined)).toBe(false);
  });
});

describe("Accountant's recent transactions (spec 000 §2)", () => {
  const t = (status: Transaction["status"], createdAt: string) => ({ status, createdAt }) as Transaction;
  it("keeps Pending ones and Approved ones created today", () => {
    const now = new Date();
    const today = now.toISOString();
    const old = new Date(now.getTime() - 3 * 86_400_000).toISOString();
    const list = [t("Pending", old), t("Approved", today), t("Approved", old), t("Draft", today), t("Rejected", today)];
    const todayIso = (() => {
      const d = new Date(today);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    })();
    expect(accountantRecent(list, todayIso).map((x) => `${x.status}:${x.createdAt === today ? "today" : "old"}`)).toEqual(["Pending:old", "Approved:today"]);
  });
});
