// Factories make unique rows so tests never share fixtures.
import crypto from "node:crypto";
import type { Db } from "../db/client";
import { users, type UserRow } from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { usernameKey } from "../lib/username-key";
import type { Role } from "../../shared/constants";
import { gstinCheckCharacter } from "../../shared/gstin";

export const TEST_PASSWORD = "password123";
let passwordHash: Promise<string> | null = null;

export type MadeUser = UserRow;

export async function makeUser(
  db: Db,
  overrides: {
    role: Role;
    username?: string;
    name?: string;
    isActive?: boolean;
    visibilityWindowDays?: number;
    password?: string;
    email?: string | null;
    employeeId?: string | null;
    mustChangePassword?: boolean;
  },
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
      employeeId: overrides.employeeId ?? null,
      mustChangePassword: overrides.mustChangePassword ?? false,
    })
    .returning();
  return row;
}

/**
 * A valid GSTIN of `stateCode` with a random PAN, and the PAN: no two parties may share a GSTIN
 * (DECISIONS §12), so a test that makes parties gives each its own.
 */
export function uniqueGstin(stateCode = "27"): { gstin: string; pan: string; stateCode: string } {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const pick = (alphabet: string, n: number) => Array.from(crypto.randomBytes(n), (b) => alphabet[b % alphabet.length]).join("");
  const pan = `${pick(letters, 5)}${pick("0123456789", 4)}${pick(letters, 1)}`;
  const first14 = `${stateCode}${pan}1Z`;
  return { gstin: `${first14}${gstinCheckCharacter(first14)!}`, pan, stateCode };
}
