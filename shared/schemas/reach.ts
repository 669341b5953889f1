// Reach (DECISIONS §14): push subscriptions, notification preferences, the test, and the outbox page.
import { z } from "zod";
import { singleLineText } from "./text";
import { id, instant } from "./answer-parts";

// ---------------------------------------------------------------- push subscriptions

const base64url = (name: string, max: number) =>
  z
    .string({ message: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`);

/** POST /api/account/push-subscriptions: what PushSubscription.toJSON() gives, and a label for the device. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ message: "Endpoint is required" })
    .max(2048, "Endpoint is too long")
    .pipe(z.url({ message: "Endpoint must be an https: URL", protocol: /^https$/ })),
  keys: z.object({ p256dh: base64url("keys.p256dh", 200), auth: base64url("keys.auth", 100) }, { message: "keys are required" }),
  label: singleLineText("Label").max(100, "Label must be at most 100 characters").nullish(),
  expirationTime: z.number().nullish(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushDeviceAnswer = z.strictObject({ id, label: z.string().nullable(), createdAt: instant, lastSentAt: instant.nullable() });
export type PushDevice = z.output<typeof pushDeviceAnswer>;
export const pushDevicesAnswer = z.array(pushDeviceAnswer);
export const publicKeyAnswer = z.strictObject({ publicKey: z.string() });

// ---------------------------------------------------------------- preferences

export const EMAIL_PENDING_CHOICES = ["instant", "digest", "off"] as const;
const clockTime = (name: string) => z.string({ message: `${name} must be a time HH:MM` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${name} must be a time HH:MM`);

/** GET/PUT /api/account/notification-preferences: the whole object, replaced whole by PUT. */
export const notificationPreferencesSchema = z.strictObject({
  push: z.strictObject(
    { pending: z.boolean({ message: "push.pending must be true or false" }), decisions: z.boolean({ message: "push.decisions must be true or false" }) },
    { message: "push is required" },
  ),
  email: z.strictObject(
    {
      pending: z.enum(EMAIL_PENDING_CHOICES, { message: "email.pending must be instant, digest or off" }),
      decisions: z.boolean({ message: "email.decisions must be true or false" }),
    },
    { message: "email is required" },
  ),
  quietHours: z
    .strictObject({ from: clockTime("quietHours.from"), to: clockTime("quietHours.to") }, { message: "quietHours must be {from, to} or null" })
    .refine((q) => q.from !== q.to, { message: "Quiet hours must start and end at different times", path: ["to"] })
    .nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  push: { pending: true, decisions: true },
  email: { pending: "digest", decisions: true },
  quietHours: null,
};

/** GET /api/account/notification-channels: what this server can send, and where this user's email goes. */
export const notificationChannelsAnswer = z.strictObject({
  push: z.strictObject({ available: z.boolean() }),
  email: z.strictObject({ available: z.boolean(), address: z.string().nullable() }),
});
export type NotificationChannels = z.output<typeof notificationChannelsAnswer>;

/** POST /api/account/notification-test: a test to this device (its endpoint) or to the user's email. */
export const notificationTestBody = z.discriminatedUnion(
  "channel",
  [z.object({ channel: z.literal("push"), endpoint: z.string({ message: "Endpoint is required" }).max(2048) }), z.object({ channel: z.literal("email") })],
  { message: "channel must be push or email" },
);
export type NotificationTestBody = z.infer<typeof notificationTestBody>;

// ---------------------------------------------------------------- the outbox page

export const OUTBOX_STATUSES = ["queued", "sent", "failed", "skipped"] as const;
export const OUTBOX_CHANNELS = ["push", "email"] as const;

export const outboxQuery = z.object({
  status: z.enum(OUTBOX_STATUSES, { message: "status must be queued, sent, failed or skipped" }).optional(),
  channel: z.enum(OUTBOX_CHANNELS, { message: "channel must be push or email" }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const outboxEntryAnswer = z.strictObject({
  id,
  channel: z.enum(OUTBOX_CHANNELS),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  recipient: z.strictObject({ id, name: z.string() }),
  sentTo: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: instant,
  sentAt: instant.nullable(),
  nextAttemptAt: instant.nullable(),
});
export type OutboxEntry = z.output<typeof outboxEntryAnswer>;
export const outboxAnswer = z.strictObject({
  entries: z.array(outboxEntryAnswer),
  counts: z.strictObject({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), skipped: z.number().int() }),
  days: z.number().int(),
});
export type OutboxAnswer = z.output<typeof outboxAnswer>;
