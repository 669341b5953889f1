// Finer rules of the category screens (spec 001 §6, DECISIONS §7): requiredApprovals and the
// emergency limits are set by SuperAdmin only (the server answers 403 to anyone else).
import type { Role } from "@shared/constants";

export function canSetApprovalPolicy(role: Role): boolean {
  return role === "SuperAdmin";
}
