import { describe, expect, it } from "vitest";
import { badgeLabel, countUnread, countUnreadPending, visibleNotifications } from "./selectors";
import type { AppNotification } from "./types";

const n = (id: number, type: string, isRead: boolean): AppNotification => ({
  id: String(id),
  type,
  message: `m${id}`,
  isPriority: false,
  isRead,
  createdAt: "2026-11-21T10:00:00Z",
});

describe("notification badges (spec 000 §2, §9)", () => {
  it.each([
    [0, ""],
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [57, "9+"],
  ])("%d unread → %j", (count, label) => {
    expect(badgeLabel(count)).toBe(label);
  });

  it("counts unread, and unread transaction_pending for the Pending Approvals badge", () => {
    const list = [n(1, "transaction_pending", false), n(2, "transaction_pending", true), n(3, "user_notification", false)];
    expect(countUnread(list)).toBe(2);
    expect(countUnreadPending(list)).toBe(1);
  });

  it("the dropdown shows at most 10", () => {
    const list = Array.from({ length: 15 }, (_, i) => n(i, "user_notification", false));
    expect(visibleNotifications(list).map((x) => x.id)).toEqual(list.slice(0, 10).map((x) => x.id));
  });
});
