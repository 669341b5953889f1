// What the signed-in user may do where a screen offers it: the session answer's `permissions`
// (shared/schemas/auth.ts), sent with GET /api/auth/me and the sign-in as a transaction's
// `availableMoves` are sent with it. Each flag asks the rule that guards the call: a route's role
// list through mayCall, as its guard does, or the service's own rule. The screens read the flags and
// never compare a role; routes/session-permissions.api.test.ts calls each guarded route as every
// role and holds its flag to the answer.
import { APPROVER_ROLES, HR_ADMIN_ROLES, type Role } from "../../shared/constants";
import type { SessionPermissions } from "../../shared/schemas/auth";
import { changesApprovalSettings, EMERGENCY_CONTROLLERS, EXPORT_BATCH_VOIDERS, mayCall, seesDashboardAmounts, USER_MANAGERS } from "./policies";

export function sessionPermissions(who: { role: Role }): SessionPermissions {
  return {
    approvesTransactions: mayCall(APPROVER_ROLES, who),
    changesApprovalSettings: changesApprovalSettings(who),
    seesDashboardAmounts: seesDashboardAmounts(who),
    managesUsers: mayCall(USER_MANAGERS, who),
    administersHr: mayCall(HR_ADMIN_ROLES, who),
    voidsExportBatches: mayCall(EXPORT_BATCH_VOIDERS, who),
    controlsEmergencies: mayCall(EMERGENCY_CONTROLLERS, who),
  };
}
