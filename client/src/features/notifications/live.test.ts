import { describe, expect, it } from "vitest";
import { fromSocketMessage, isTransactionQueryKey, prependNotification, toastFor } from "./live";

describe("real-time notifications (spec 000 §8, §9)", () => {
  it("a priority message raises 'Priority Transaction' (destructive), others 'New Notification'", () => {
    expect(toastFor({ isPriority: true, message: "m" })).toEqual({ title: "Priority Transaction", description: "m", variant: "destructive" });
    expect(toastFor({ isPriority: false, message: "m" })).toEqual({ title: "New Notification", description: "m", variant: "default" });
  });

  it("keeps the last 50, newest first, without duplicates", () => {
    let list = Array.from({ length: 50 }, (_, i) => fromSocketMessage({ type: "user_notification", message: `m${i}`, isPriority: false, id: `n${i}` }));
    list = prependNotification(list, fromSocketMessage({ type: "transaction_pending", message: "new", isPriority: true, id: "new" }));
    expect(list).toHaveLength(50);
    expect(list[0]).toMatchObject({ id: "new", isRead: false, isPriority: true });
    expect(prependNotification(list, list[3]).filter((n) => n.id === list[3].id)).toHaveLength(1);
  });

  it("gives messages without an id a unique local one", () => {
    const a = fromSocketMessage({ type: "user_notification", message: "x", isPriority: false });
    const b = fromSocketMessage({ type: "user_notification", message: "x", isPriority: false });
    expect(a.id).not.toBe(b.id);
    expect(a.transactionId).toBeNull();
  });

  it("refreshes the transaction, pending and dashboard queries only", () => {
    expect(isTransactionQueryKey(["/api/transactions", { page: 1 }])).toBe(true);
    expect(isTransactionQueryKey(["/api/transactions", "pending"])).toBe(true);
    expect(isTransactionQueryKey(["/api/transactions/pending"])).toBe(true);
    expect(isTransactionQueryKey(["/api/dashboard/stats"])).toBe(true);
    expect(isTransactionQueryKey(["/api/categories"])).toBe(false);
  });

  it("leaves the pending list alone while the pending feed keeps it (DECISIONS §9)", () => {
    expect(isTransactionQueryKey(["/api/transactions", "pending", 1], true)).toBe(false);
    expect(isTransactionQueryKey(["/api/transactions", "pending", 1], false)).toBe(true);
    expect(isTransactionQueryKey(["/api/transactions", { page: 1 }], true)).toBe(true);
    expect(isTransactionQueryKey(["/api/dashboard/stats"], true)).toBe(true);
  });
});
