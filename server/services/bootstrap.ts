// DECISIONS §1: on a database with no users, the first start creates the SuperAdmin
// ADMIN_USERNAME with ADMIN_PASSWORD, or with a generated password printed once.
import crypto from "node:crypto";
import type { ServiceContext } from "./context";
import { countUsers, createUser } from "./users";
import { DomainError } from "./errors";

export async function ensureFirstSuperAdmin(ctx: Pick<ServiceContext, "db" | "clock" | "config">, print: (line: string) => void): Promise<void> {
  const { db, config } = ctx;
  if ((await countUsers(db)) > 0) return;
  const password = config.adminPassword ?? crypto.randomBytes(12).toString("base64url");
  try {
    await createUser({ db, clock: ctx.clock, actor: null }, { username: config.adminUsername, name: "System Administrator", role: "SuperAdmin", password });
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
