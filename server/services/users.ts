// Creating users: used by the admin screens, `npm run user:create` and the first-start SuperAdmin.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client";
import { users, type UserRow } from "../db/schema";
import { isUniqueViolation } from "../db/errors";
import { hashPassword } from "../auth/passwords";
import { usernameKey } from "../lib/username-key";
import { conflict } from "./errors";
import { writeAudit } from "./audit";
import type { Actor } from "../context";
import type { CreateUserBody } from "../../shared/schemas/users";
import { LIMITS } from "../../shared/constants";
import { type ServiceContext } from "./context";

export const USERNAME_TAKEN = "Username already exists";

/** The user a login name means, compared by its username key (never the database's lower()). */
export async function findUserByUsername(q: Queryable, username: string): Promise<UserRow | undefined> {
  const [row] = await q
    .select()
    .from(users)
    .where(and(eq(users.usernameKey, usernameKey(username)), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function createUser(
  ctx: Pick<ServiceContext, "db" | "clock"> & { actor: Actor | null; ip?: string | null },
  input: CreateUserBody,
): Promise<UserRow> {
  const { db } = ctx;
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction((tx) => insertUser(tx, ctx, input, passwordHash));
  } catch (err) {
    // Two concurrent creations of one username: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN, "duplicate_username");
    throw err;
  }
}

/**
 * The one insert of a new user and its audit entry, inside the caller's transaction (createUser,
 * and an employee's login, DECISIONS §15, which links the user to the employee and may ask for the
 * one-time password to be changed). The password is hashed by the caller (hashPassword).
 */
export async function insertUser(
  tx: Queryable,
  ctx: Pick<ServiceContext, "clock"> & { actor: Actor | null; ip?: string | null },
  input: Omit<CreateUserBody, "password"> & { employeeId?: string | null; mustChangePassword?: boolean },
  passwordHash: string,
): Promise<UserRow> {
  const { actor, ip } = ctx;
  if (await findUserByUsername(tx, input.username)) throw conflict(USERNAME_TAKEN, "duplicate_username");
  const [created] = await tx
    .insert(users)
    .values({
      username: input.username,
      usernameKey: usernameKey(input.username),
      name: input.name,
      role: input.role,
      passwordHash,
      visibilityWindowDays: input.visibilityWindowDays ?? LIMITS.visibilityWindowDefault,
      approvalLimit: input.approvalLimit ?? null,
      email: input.email ?? null,
      employeeId: input.employeeId ?? null,
      mustChangePassword: input.mustChangePassword ?? false,
    })
    .returning();
  await writeAudit(tx, ctx, {
    action: "create",
    entityType: "user",
    entityId: created.id,
    actor,
    performerLabel: actor ? null : "system",
    after: {
      username: created.username,
      name: created.name,
      role: created.role,
      visibilityWindowDays: created.visibilityWindowDays,
      approvalLimit: created.approvalLimit,
      ...(created.employeeId ? { employeeId: created.employeeId } : {}),
    },
    ipAddress: ip,
  });
  return created;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n;
}

export async function getUser(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
