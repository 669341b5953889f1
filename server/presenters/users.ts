import type { User } from "../../shared/schemas/auth";
import type { UserRow } from "../db/schema";
import { paiseToString, toPaise } from "../../shared/money";

/** The fields a user answer may carry: never the hash. */
export function presentUser(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    role: u.role,
    isActive: u.isActive,
    visibilityWindowDays: u.visibilityWindowDays,
    approvalLimit: u.approvalLimit === null ? null : paiseToString(toPaise(u.approvalLimit)),
    email: u.email,
    employeeId: u.employeeId,
    createdAt: u.createdAt.toISOString(),
  };
}
