// What the HR screens offer per role. Route access lives in app/permissions.ts; these are the
// finer rules of DECISIONS §8, mirrored so the interface does not offer what the server refuses.
import type { Role } from "@shared/constants";

/** The attendance policy and departments are edited by SuperAdmin and HR Admin (DECISIONS §8). */
export function canEditHrSettings(role: Role): boolean {
  return role === "SuperAdmin" || role === "HR Admin";
}
