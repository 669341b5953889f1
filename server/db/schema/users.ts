// People and sign-in: users, their sessions, and the throttles that count failed or repeated calls.
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { money, instant, createdAt, updatedAt } from "./columns";
import { roleEnum } from "./enums";
import { employees } from "./people";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    /**
     * The one comparison key of a login name (server/auth/username-key.ts: NFKC, then JavaScript's
     * toLowerCase), written by the app: lookup, uniqueness and throttling all use it, and the
     * database never case-folds a login name. Nullable only for rows older than the column, which
     * the app fills at start (migrate.ts); a CHECK … NOT VALID refuses new rows without it.
     */
    usernameKey: text("username_key"),
    name: text("name").notNull(),
    /** Where email notifications go (DECISIONS §14); null: none are sent. */
    email: text("email"),
    role: roleEnum("role").notNull(),
    passwordHash: text("password_hash").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    visibilityWindowDays: integer("visibility_window_days").notNull().default(30),
    /** The largest amount this user may approve (DECISIONS §11); null: no limit. Set by a SuperAdmin. */
    approvalLimit: money("approval_limit"),
    /**
     * The employee this user is (DECISIONS §15): one user per employee (the unique index), null for
     * most. Gives the user the "Me" pages; an `Employee`-role user has nothing else.
     */
    employeeId: uuid("employee_id").references((): AnyPgColumn => employees.id, { onDelete: "set null" }),
    /** A one-time password was given (DECISIONS §15): every call but the password change is 403 until it is changed. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Soft deletion keeps the history of a user who acted (DECISIONS §7).
    deletedAt: instant("deleted_at"),
  },
  (t) => [
    uniqueIndex("users_username_key_key").on(t.usernameKey),
    uniqueIndex("users_employee_id_key").on(t.employeeId),
    check("users_visibility_window_range", sql`${t.visibilityWindowDays} between 1 and 365`),
    check("users_approval_limit_non_negative", sql`${t.approvalLimit} is null or ${t.approvalLimit} >= 0`),
  ],
);

// express-session rows; user_id lets the server end every session of one user (or all but SuperAdmins).
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("sessions_expires_at_idx").on(t.expiresAt), index("sessions_user_id_idx").on(t.userId)],
);

// Failed sign-ins, counted per username and per address for throttling across processes. A sign-in
// reserves its row before the password is checked and deletes it when the password was right
// (auth/throttle.ts). `username` holds the username key (auth/username-key.ts).
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    username: text("username").notNull(),
    ipAddress: text("ip_address").notNull(),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [index("login_failures_username_idx").on(t.username, t.at), index("login_failures_ip_idx").on(t.ipAddress, t.at)],
);

/** One call to a throttled public route (rate-limit.ts): counted by every server process alike. */
export const requestHits = pgTable(
  "request_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    scope: text("scope").notNull(),
    client: text("client").notNull(),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [index("request_hits_key_idx").on(t.scope, t.client, t.at)],
);

export type UserRow = typeof users.$inferSelect;
