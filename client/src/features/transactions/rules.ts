// The finance screens' small rules, pure so they can be read and tested without React:
// attachment limits and messages (spec 000 §5), overdue payments (§4), the admin override's
// parsing (§5), the Salary alert (§2) and the Accountant's recent list (§2).
import { currentTime } from "@/lib/clock";
import { APPROVED_FAMILY, isSalaryCategoryName, LIMITS } from "@shared/constants";
import type { Category } from "@shared/schemas/categories";
import type { Transaction } from "@shared/schemas/transactions";
import { formatFileSize, toIsoDate } from "@shared/format";

export const MAX_FILES = LIMITS.filesPerTransaction;
export const MAX_FILE_BYTES = LIMITS.fileMaxBytes;
const MAX_SIZE_TEXT = formatFileSize(MAX_FILE_BYTES);

/**
 * Which of `incoming` may be added next to `current` files, and the messages for the rest
 * (spec 000 §5 wording). Pure, so the rules are easy to read and test.
 */
export function checkNewFiles<F extends { name: string; size: number }>(incoming: F[], current: number): { accepted: F[]; errors: string[] } {
  const errors: string[] = [];
  if (current >= MAX_FILES) return { accepted: [], errors: [`Maximum number of files reached (${MAX_FILES})`] };
  if (incoming.length > MAX_FILES) return { accepted: [], errors: ["Too many files. Maximum 10 files allowed."] };
  const sized = incoming.filter((file) => {
    if (file.size > MAX_FILE_BYTES) {
      errors.push(`${file.name}: File is too large (max ${MAX_SIZE_TEXT})`);
      return false;
    }
    return true;
  });
  if (current + sized.length > MAX_FILES) {
    errors.push(`Cannot add ${sized.length} files. Maximum 10 files allowed.`);
    return { accepted: [], errors };
  }
  return { accepted: sized, errors };
}

const PAYMENT_STATUSES = new Set<string>(APPROVED_FAMILY);

export function hasPaymentTracking(t: Pick<Transaction, "status">): boolean {
  return PAYMENT_STATUSES.has(t.status);
}

/** Overdue: a due date before today (spec 000 §4 'before now', read per calendar day). */
export function isOverdue(t: Pick<Transaction, "status" | "paymentDueDate" | "isPaid">, today = toIsoDate(currentTime())): boolean {
  return t.status === "PaymentDue" && !t.isPaid && Boolean(t.paymentDueDate) && (t.paymentDueDate as string) < today;
}

/** Admin override amount: parsed as a number, 0 when it is not one (spec 000 §5). */
export function parseOverrideAmount(text: string): number {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
}

/** Custom field values JSON: an object, or {} when the text does not parse to one (spec 000 §5). */
export function parseCustomFieldJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const SALARY_ALERT = "Salary transactions require a minimum of 2 approvals before they can be processed.";

export function isSalaryCategory(category: Pick<Category, "name"> | undefined | null): boolean {
  return category ? isSalaryCategoryName(category.name) : false;
}

/** Accountant's recent list: Pending, or Approved and created today (spec 000 §2). */
export function accountantRecent(list: Transaction[], today = toIsoDate(currentTime())): Transaction[] {
  return list.filter((t) => t.status === "Pending" || (t.status === "Approved" && toIsoDate(t.createdAt) === today));
}
