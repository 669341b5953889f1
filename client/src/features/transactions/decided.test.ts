import { describe, expect, it } from "vitest";
import { alreadyDecided } from "./decided";

const at = "2026-11-20T10:00:00.000Z";

describe("alreadyDecided", () => {
  it("names who decided, by the timeline's last decision", () => {
    const timeline = [
      { at, kind: "submitted" as const, actorName: "Priya Nair" },
      { at, kind: "approved" as const, actorName: "Vikram Mehta" },
      { at, kind: "approved" as const, actorName: "Anita Desai" },
      { at, kind: "paid" as const, actorName: "Priya Nair" },
    ];
    expect(alreadyDecided({ status: "Paid", timeline })).toBe("Already approved by Anita Desai");
    expect(alreadyDecided({ status: "Rejected", timeline: [...timeline, { at, kind: "rejected" as const, actorName: "Rajesh Sharma" }] })).toBe(
      "Already rejected by Rajesh Sharma",
    );
    expect(alreadyDecided({ status: "Approved", timeline: [{ at, kind: "emergency-approved" as const, actorName: "AK" }] })).toBe(
      "Already approved by emergency approver AK",
    );
  });

  it("says nothing while it waits, or before it is submitted", () => {
    expect(alreadyDecided({ status: "Pending", timeline: [] })).toBeNull();
    expect(alreadyDecided({ status: "Draft", timeline: [] })).toBeNull();
  });
});
