// Factories make unique rows so tests never share fixtures.
import crypto from "node:crypto";
import type { Db } from "../db/client";
import { users, type UserRow } from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { usernameKey } from "../lib/username-key";
import type { Role } from "../../shared/constants";

export const TEST_PASSWORD = "password123";
let passwordHash: Promise<string> | null = null;

export type MadeUser = UserRow;

export async function makeUser(
  db: Db,
  overrides: { role: Role; username?: string; name?: string; isActive?: boolean; visibilityWindowDays?: number; password?: string; email?: string | null },
): Promise<MadeUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const suffix = crypto.randomBytes(4).toString("hex");
  const username = overrides.username ?? `${overrides.role.replace(/\s/g, "").toLowerCase()}_${suffix}`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      usernameKey: usernameKey(username),
      name: overrides.name ?? `${overrides.role} ${suffix}`,
      role: overrides.role,
      passwordHash: overrides.password ? await hashPassword(overrides.password) : await passwordHash,
      isActive: overrides.isActive ?? true,
      visibilityWindowDays: overrides.visibilityWindowDays ?? 30,
      email: overrides.email ?? null,
    })
    .returning();
  return row;
}
