// User administration (spec 001 §2, §5, §7; DECISIONS §3, §7). Each change is one database
// transaction with its audit entry (never a password or hash in it). Changing a password,
// disabling or deleting a user ends that user's sessions in the same transaction; the caller's
// `announce` tells every process to close their sockets once it has committed.
//
// The last active SuperAdmin is protected: every change that could remove one first locks all
// active SuperAdmin rows (SELECT … FOR UPDATE, in id order), so two concurrent demotions or
// disables run one after the other and the second sees the first's result.
import { isUuid } from "../lib/ids";
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import {
  approvals,
  attachments,
  attendanceDays,
  attendanceImports,
  attendancePolicy,
  auditLog,
  budgets,
  delegations,
  emergencyLinks,
  exportBatches,
  leaves,
  nameMappings,
  parties,
  settings,
  transactions,
  users,
  type UserRow,
} from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { usernameKey } from "../lib/username-key";
import { conflict, notFound } from "./errors";
import { presentUser } from "../presenters/users";
import { writeAudit } from "./audit";
import { announceSessionsEnded, endUserSessions } from "./sessions";
import { inTransaction, type AfterCommit } from "./in-transaction";
import { forgetPushDevices } from "./delivery/devices";
import { createUser, USERNAME_TAKEN } from "./users";
import { isUniqueViolation } from "../db/errors";
import type { ActingContext, ServiceContext } from "./context";
import type { User } from "../../shared/schemas/auth";
import type { CreateUserBody, UpdateUserBody } from "../../shared/schemas/users";
import { demotesSuperAdmin } from "./policies";

export const USER_NOT_FOUND = "User not found";
export const CANNOT_DISABLE_SELF = "You cannot disable your own account";
export const CANNOT_DELETE_SELF = "You cannot delete your own account";
export const LAST_SUPERADMIN = "The last active SuperAdmin cannot be disabled, demoted or deleted";

/** What an audit entry may say about a user: never the password or its hash. */
const auditView = (u: UserRow) => ({
  username: u.username,
  name: u.name,
  role: u.role,
  isActive: u.isActive,
  visibilityWindowDays: u.visibilityWindowDays,
  approvalLimit: u.approvalLimit,
  email: u.email,
  ...(u.deletedAt ? { deletedAt: u.deletedAt.toISOString() } : {}),
});

/** The user list of the admin screens and the owner picker: soft-deleted users are hidden. */
export async function listUsers(ctx: ServiceContext): Promise<User[]> {
  const { db } = ctx;
  const rows = await db.select().from(users).where(isNull(users.deletedAt)).orderBy(asc(users.usernameKey));
  return rows.map(presentUser);
}

/** Locks every active SuperAdmin row, always in id order so two callers never deadlock. */
async function lockActiveSuperAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "SuperAdmin"), eq(users.isActive, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((r) => r.id);
}

async function loadUserForUpdate(tx: Tx, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1)
    .for("update");
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/**
 * Opens the transaction of a change to one user: the SuperAdmin rows are locked first, then the
 * user. `wouldRemoveSuperAdmin` says whether the change takes an active SuperAdmin away.
 */
async function inUserChange<T>(
  ctx: ActingContext,
  id: string,
  fn: (tx: Tx, user: UserRow, guardLastSuperAdmin: () => void, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx, async (tx, afterCommit) => {
    const activeSuperAdmins = await lockActiveSuperAdmins(tx);
    const user = await loadUserForUpdate(tx, id);
    const guard = () => {
      if (activeSuperAdmins.includes(user.id) && activeSuperAdmins.length <= 1) throw conflict(LAST_SUPERADMIN, "last_superadmin");
    };
    return fn(tx, user, guard, afterCommit);
  });
}

async function assertUsernameFree(tx: Tx, username: string, exceptId: string): Promise<void> {
  // Soft-deleted users keep their username reserved: the unique index covers every row.
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.usernameKey, usernameKey(username)), ne(users.id, exceptId)))
    .limit(1);
  if (taken) throw conflict(USERNAME_TAKEN, "duplicate_username");
}

async function withUsernameGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN, "duplicate_username");
    throw err;
  }
}

export async function adminCreateUser(ctx: ActingContext, input: CreateUserBody): Promise<User> {
  // Soft-deleted users keep their name reserved; createUser's check skips them, the index does not.
  return presentUser(await createUser(ctx, input));
}

export async function updateUser(ctx: ActingContext, id: string, input: UpdateUserBody): Promise<User> {
  const after = await withUsernameGuard(() =>
    inUserChange(ctx, id, async (tx, before, guardLastSuperAdmin, afterCommit) => {
      const disabling = input.isActive === false && before.isActive;
      const demoting = demotesSuperAdmin(before.role, input.role);
      if (disabling && before.id === ctx.actor.id) throw conflict(CANNOT_DISABLE_SELF, "self");
      if (disabling || demoting) guardLastSuperAdmin();
      if (input.username !== undefined && input.username !== before.username) await assertUsernameFree(tx, input.username, id);
      const [after] = await tx
        .update(users)
        .set({
          ...(input.username !== undefined ? { username: input.username, usernameKey: usernameKey(input.username) } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.role !== undefined ? { role: input.role } : {}),
          ...(input.visibilityWindowDays !== undefined ? { visibilityWindowDays: input.visibilityWindowDays } : {}),
          ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
          ...(input.approvalLimit !== undefined ? { approvalLimit: input.approvalLimit } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning();
      const statusChanged = before.isActive !== after.isActive;
      const onlyStatus =
        statusChanged &&
        before.username === after.username &&
        before.name === after.name &&
        before.role === after.role &&
        before.visibilityWindowDays === after.visibilityWindowDays &&
        before.approvalLimit === after.approvalLimit &&
        before.email === after.email;
      await writeAudit(tx, ctx, {
        action: onlyStatus ? (after.isActive ? "enable" : "disable") : "update",
        entityType: "user",
        entityId: id,
        actor: ctx.actor,
        before: auditView(before),
        after: auditView(after),
        ipAddress: ctx.ip,
      });
      // A new role changes what every open page and socket may do: like a disable, it signs the
      // user out everywhere (DECISIONS §10), so nothing keeps the old role's rights.
      const roleChanged = before.role !== after.role;
      if (disabling || roleChanged) {
        await endUserSessions(tx, [id]);
        await forgetPushDevices(tx, [id]);
        afterCommit.run(() => announceSessionsEnded(ctx.bus, [id], disabling ? "disabled" : "role"));
      }
      return after;
    }),
  );
  return presentUser(after);
}

export async function changeUsername(ctx: ActingContext, id: string, newUsername: string): Promise<User> {
  const after = await withUsernameGuard(() =>
    inUserChange(ctx, id, async (tx, before) => {
      if (newUsername !== before.username) await assertUsernameFree(tx, newUsername, id);
      const [row] = await tx
        .update(users)
        .set({ username: newUsername, usernameKey: usernameKey(newUsername), updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      await writeAudit(tx, ctx, {
        action: "update",
        entityType: "user",
        entityId: id,
        actor: ctx.actor,
        before: { username: before.username },
        after: { username: row.username },
        ipAddress: ctx.ip,
      });
      return row;
    }),
  );
  return presentUser(after);
}

/** A new password set by an administrator: every session of that user ends. */
export async function setPassword(ctx: ActingContext, id: string, newPassword: string): Promise<User> {
  const passwordHash = await hashPassword(newPassword);
  const after = await inUserChange(ctx, id, async (tx, _before, _guard, afterCommit) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    await writeAudit(tx, ctx, {
      action: "password_reset",
      entityType: "user",
      entityId: id,
      actor: ctx.actor,
      after: { passwordChanged: true },
      ipAddress: ctx.ip,
    });
    await endUserSessions(tx, [id]);
    afterCommit.run(() => announceSessionsEnded(ctx.bus, [id], "password"));
    return row;
  });
  return presentUser(after);
}

/** PATCH /api/admin/users/:id/status: the reason, when given, is kept in the audit entry. */
export async function setUserStatus(ctx: ActingContext, id: string, isActive: boolean, reason?: string): Promise<User> {
  const user = await inUserChange(ctx, id, async (tx, before, guardLastSuperAdmin, afterCommit) => {
    if (before.isActive === isActive) return before;
    if (!isActive) {
      if (before.id === ctx.actor.id) throw conflict(CANNOT_DISABLE_SELF, "self");
      guardLastSuperAdmin();
    }
    const [after] = await tx
      .update(users)
      .set({ isActive, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    await writeAudit(tx, ctx, {
      action: isActive ? "enable" : "disable",
      entityType: "user",
      entityId: id,
      actor: ctx.actor,
      reason: reason ?? null,
      before: { isActive: before.isActive },
      after: { isActive: after.isActive },
      ipAddress: ctx.ip,
    });
    if (!isActive) {
      await endUserSessions(tx, [id]);
      await forgetPushDevices(tx, [id]);
      afterCommit.run(() => announceSessionsEnded(ctx.bus, [id], "disabled"));
    }
    return after;
  });
  return presentUser(user);
}

/** True when the user left a trace that history must keep: transactions, approvals, audit entries and the like. */
async function hasHistory(tx: Tx, id: string): Promise<boolean> {
  const refs = [
    tx
      .select({ one: sql`1` })
      .from(transactions)
      .where(or(eq(transactions.createdBy, id), eq(transactions.paidBy, id)))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(approvals)
      .where(or(eq(approvals.approverId, id), eq(approvals.onBehalfOf, id)))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(delegations)
      .where(or(eq(delegations.delegatorId, id), eq(delegations.delegateId, id), eq(delegations.createdBy, id), eq(delegations.endedBy, id)))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(parties)
      .where(eq(parties.createdBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(exportBatches)
      .where(or(eq(exportBatches.createdBy, id), eq(exportBatches.voidedBy, id)))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(leaves)
      .where(or(eq(leaves.createdBy, id), eq(leaves.cancelledBy, id)))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(auditLog)
      .where(eq(auditLog.performedBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(attachments)
      .where(eq(attachments.uploadedBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(emergencyLinks)
      .where(eq(emergencyLinks.createdBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(budgets)
      .where(eq(budgets.createdBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(settings)
      .where(eq(settings.updatedBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(attendancePolicy)
      .where(eq(attendancePolicy.updatedBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(attendanceDays)
      .where(eq(attendanceDays.editedBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(attendanceImports)
      .where(eq(attendanceImports.importedBy, id))
      .limit(1),
    tx
      .select({ one: sql`1` })
      .from(nameMappings)
      .where(eq(nameMappings.createdBy, id))
      .limit(1),
  ];
  for (const q of refs) if ((await q).length > 0) return true;
  return false;
}

export type DeleteUserOutcome = { deleted: "hard" | "soft" };

/**
 * A user with history is deleted softly (DECISIONS §7): deletedAt set, disabled, hidden from
 * lists, cannot sign in, username kept reserved so the history stays unambiguous. Anyone else is
 * removed. Either way their sessions end.
 */
export async function deleteUser(ctx: ActingContext, id: string): Promise<DeleteUserOutcome> {
  return inUserChange(ctx, id, async (tx, before, guardLastSuperAdmin, afterCommit) => {
    if (before.id === ctx.actor.id) throw conflict(CANNOT_DELETE_SELF, "self");
    guardLastSuperAdmin();
    await endUserSessions(tx, [id]);
    await forgetPushDevices(tx, [id]);
    afterCommit.run(() => announceSessionsEnded(ctx.bus, [id], "deleted"));
    if (await hasHistory(tx, id)) {
      const [after] = await tx
        .update(users)
        .set({ deletedAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      await writeAudit(tx, ctx, {
        action: "delete",
        entityType: "user",
        entityId: id,
        actor: ctx.actor,
        reason: "Soft delete: the user has history",
        before: auditView(before),
        after: auditView(after),
        ipAddress: ctx.ip,
      });
      return { deleted: "soft" } as const;
    }
    await tx.delete(users).where(eq(users.id, id));
    await writeAudit(tx, ctx, { action: "delete", entityType: "user", entityId: id, actor: ctx.actor, before: auditView(before), ipAddress: ctx.ip });
    return { deleted: "hard" } as const;
  });
}
