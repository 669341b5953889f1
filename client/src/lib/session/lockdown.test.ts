import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { isLockdownError, lockdownMessage } from "./lockdown";

describe("login failures that show the lockdown screen (spec 000 §8)", () => {
  it.each([
    ["423 with the flag", new ApiError(423, "Locked", '{"message":"System is in emergency lockdown mode","lockdown":true}'), true],
    ["423 without a body", new ApiError(423, "Locked", ""), true],
    ["the lockdown flag on another status", new ApiError(403, "Forbidden", '{"message":"Nope","lockdown":true}'), true],
    ["a message mentioning lockdown", new ApiError(401, "Unauthorized", '{"message":"Access blocked: LOCKDOWN in progress"}'), true],
    ["wrong credentials", new ApiError(401, "Unauthorized", '{"message":"Invalid username or password"}'), false],
    ["throttled", new ApiError(429, "Too Many Requests", '{"message":"Too many attempts"}'), false],
    ["a network failure", new TypeError("Failed to fetch"), false],
  ])("%s → %s", (_label, err, expected) => {
    expect(isLockdownError(err)).toBe(expected);
  });

  it("shows the server's message, or the spec's default", () => {
    expect(lockdownMessage(new ApiError(423, "Locked", '{"message":"Locked by admin"}'))).toBe("Locked by admin");
    expect(lockdownMessage(new ApiError(423, "Locked", ""))).toBe("System is in emergency lockdown mode");
  });
});
