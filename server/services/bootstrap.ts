// DECISIONS §1: on a database with no users, the first start creates the SuperAdmin
// ADMIN_USERNAME with ADMIN_PASSWORD, or with a generated password printed once.
import crypto from "node:crypto";
import type { Db } from "../db/client";
import type { Config } from "../config";
import { countUsers, createUser } from "./users";
import { DomainError } from "./errors";

export async function ensureFirstSuperAdmin(db: Db, config: Config, print: (line: string) => void): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const password = config.adminPassword ?? crypto.randomBytes(12).toString("base64url");
  try {
    await createUser(db, { username: config.adminUsername, name: "System Administrator", role: "SuperAdmin", password }, null);
  } catch (err) {
    // Another process created it first.
    if (err instanceof DomainError && err.kind === "conflict") return;
    throw err;
  }
  print("");
  print("  First start: created the SuperAdmin account");
  print(`    User ID:  ${config.adminUsername}`);
  print(config.adminPassword ? "    Password: (from ADMIN_PASSWORD)" : `    Password: ${password}`);
  if (!config.adminPassword) print("  This password is shown only once. Sign in and change it.");
  print("");
}
