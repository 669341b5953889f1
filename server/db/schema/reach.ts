// Reach (DECISIONS §14): people told on their phone and by email. A device's push subscription, a
// person's notification preferences, and the outbox every push and email goes through: written in
// the same database transaction as the change that causes it, sent after commit by the worker
// (services/reach/outbox-worker.ts). No kept answer reads these tables.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant, updatedAt } from "./columns";
import { users } from "./users";

/** One browser's Web Push subscription (RFC 8030): one row per endpoint, belonging to whoever sent it last. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    label: text("label"),
    /** The session that sent it last: signing out of that session removes it. */
    sessionId: text("session_id"),
    createdAt: createdAt(),
    lastSentAt: instant("last_sent_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.sessionId),
  ],
);

/** A person's choices (GET/PUT /api/account/notification-preferences); no row: the defaults. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    pushPending: boolean("push_pending").notNull().default(true),
    pushDecisions: boolean("push_decisions").notNull().default(true),
    emailPending: text("email_pending").notNull().default("digest"),
    emailDecisions: boolean("email_decisions").notNull().default(true),
    /** Quiet hours in APP_TIMEZONE, 'HH:MM' each; both null: none. */
    quietFrom: text("quiet_from"),
    quietTo: text("quiet_to"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("notification_preferences_email_pending", sql`${t.emailPending} in ('instant', 'digest', 'off')`),
    check("notification_preferences_quiet_pair", sql`(${t.quietFrom} is null) = (${t.quietTo} is null)`),
  ],
);

/**
 * One push to one device, or one email to one person. `message` holds what the kind rendered when
 * the change happened (title, body, url, tag, priority, urgent; services/reach/kinds.ts); whether it
 * may still be sent (role, window, lockdown, quiet hours) is decided when it is sent.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Push only: the device. A removed device leaves the row, which is then not sent. */
    subscriptionId: uuid("subscription_id").references(() => pushSubscriptions.id, { onDelete: "set null" }),
    /** What it is about ('transaction', …) and its id: who may still see it is asked when it is sent. */
    subjectType: text("subject_type"),
    subjectId: uuid("subject_id"),
    message: jsonb("message").notNull(),
    status: text("status").notNull().default("queued"),
    /** Where it went, in words for the outbox page: the device's label or the email address. */
    sentTo: text("sent_to"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    firstAttemptAt: instant("first_attempt_at"),
    lastError: text("last_error"),
    sentAt: instant("sent_at"),
    /** A daily digest's day (APP_TIMEZONE): one per person and day. */
    digestDay: date("digest_day"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("notification_outbox_created_idx").on(t.createdAt.desc()),
    index("notification_outbox_user_idx").on(t.userId),
    index("notification_outbox_subscription_idx").on(t.subscriptionId),
    uniqueIndex("notification_outbox_digest_key").on(t.userId, t.digestDay),
    check("notification_outbox_channel", sql`${t.channel} in ('push', 'email')`),
    check("notification_outbox_status", sql`${t.status} in ('queued', 'sent', 'failed', 'skipped')`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type OutboxRow = typeof notificationOutbox.$inferSelect;
