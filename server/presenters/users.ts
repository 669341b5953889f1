import type { User } from "../../shared/schemas/auth";
import type { UserRow } from "../db/schema";

/** The fields a user answer may carry: never the hash. */
export function presentUser(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    role: u.role,
    isActive: u.isActive,
    visibilityWindowDays: u.visibilityWindowDays,
    createdAt: u.createdAt.toISOString(),
  };
}
