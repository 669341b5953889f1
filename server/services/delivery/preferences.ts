// A person's notification preferences (DECISIONS §14), the channels this server has, and the
// "Send me a test" of the /account/notifications screen (queued in the outbox like any message,
// so the screen never waits on a push service or a mail server).
import { eq } from "drizzle-orm";
import { notificationPreferences, users } from "../../db/schema";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationChannels,
  type NotificationPreferences,
  type NotificationTestBody,
} from "../../../shared/schemas/reach";
import { deepLinks } from "../../../shared/deep-links";
import { badRequest, conflict } from "../errors";
import type { ActingContext } from "../context";
import { writeAudit } from "../audit";
import { queueOne } from "../reach/outbox";
import { myDeviceByEndpoint } from "./devices";
import { vapidKeys } from "./push";
import type { ReachMessage } from "../reach/kinds";

/** GET /api/account/notification-preferences: no row yet, the defaults. */
export async function myNotificationPreferences(ctx: ActingContext): Promise<NotificationPreferences> {
  const [row] = await ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, ctx.actor.id)).limit(1);
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  return {
    push: { pending: row.pushPending, decisions: row.pushDecisions },
    email: { pending: row.emailPending as NotificationPreferences["email"]["pending"], decisions: row.emailDecisions },
    quietHours: row.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
  };
}

/** PUT /api/account/notification-preferences: the whole object replaces the stored one; audited. */
export async function setNotificationPreferences(ctx: ActingContext, body: NotificationPreferences): Promise<NotificationPreferences> {
  const values = {
    pushPending: body.push.pending,
    pushDecisions: body.push.decisions,
    emailPending: body.email.pending,
    emailDecisions: body.email.decisions,
    quietFrom: body.quietHours?.from ?? null,
    quietTo: body.quietHours?.to ?? null,
    updatedAt: ctx.clock(),
  };
  await ctx.db.transaction(async (tx) => {
    const before = await myNotificationPreferences({ ...ctx, db: tx });
    await tx
      .insert(notificationPreferences)
      .values({ userId: ctx.actor.id, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
    await writeAudit(tx, ctx, {
      action: "notification_preferences",
      entityType: "user",
      entityId: ctx.actor.id,
      actor: ctx.actor,
      before,
      after: body,
      ipAddress: ctx.ip,
    });
  });
  return body;
}

/** GET /api/account/notification-channels */
export async function myNotificationChannels(ctx: ActingContext): Promise<NotificationChannels> {
  const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.actor.id)).limit(1);
  return { push: { available: (await vapidKeys(ctx.db, ctx.config)) !== null }, email: { available: ctx.config.mail !== null, address: me?.email ?? null } };
}

export const NO_SUCH_DEVICE = "This device is not set up for notifications yet: turn them on first";
export const EMAIL_OFF = "Email is off on this server (no SMTP_URL)";
export const NO_EMAIL_ADDRESS = "You have no email address: ask an administrator to add it to your user";

const testMessage = (channel: "push" | "email"): ReachMessage => ({
  title: "Test notification",
  body:
    channel === "push"
      ? "Notifications reach this device. Approvals and decisions will appear like this."
      : "Email from the Business Management System reaches you.",
  url: deepLinks.notificationSettings,
  tag: "test",
  priority: false,
  // Asked for now: it does not wait for the end of quiet hours.
  urgent: true,
  headline: "it works",
});

/** POST /api/account/notification-test: queued at once for this device or the person's email; 202. */
export async function sendMeATest(ctx: ActingContext, body: NotificationTestBody): Promise<{ message: string }> {
  if (body.channel === "push") {
    const device = await myDeviceByEndpoint(ctx.db, ctx.actor.id, body.endpoint);
    if (!device) throw badRequest(NO_SUCH_DEVICE, [{ path: "endpoint", message: NO_SUCH_DEVICE }]);
    await queueOne(ctx.db, {
      channel: "push",
      kind: "test",
      userId: ctx.actor.id,
      subscriptionId: device.id,
      sentTo: device.label,
      message: testMessage("push"),
      at: ctx.clock(),
    });
  } else {
    if (!ctx.config.mail) throw conflict(EMAIL_OFF, "email_off");
    const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.actor.id)).limit(1);
    if (!me?.email) throw conflict(NO_EMAIL_ADDRESS, "no_email");
    await queueOne(ctx.db, { channel: "email", kind: "test", userId: ctx.actor.id, sentTo: me.email, message: testMessage("email"), at: ctx.clock() });
  }
  await ctx.bus.publish({ type: "outbox-queued" });
  return { message: body.channel === "push" ? "A test is on its way to this device" : "A test email is on its way" };
}
