// A person's devices for Web Push (DECISIONS §14): one row per endpoint, belonging to whoever sent
// it last (a shared phone follows who signed in); removed when that device signs out, and all of a
// person's when they are disabled, given another role or have their second factor reset.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { pushSubscriptions, type PushSubscriptionRow } from "../../db/schema";
import { badRequest, notFound } from "../errors";
import { isUuid } from "../../lib/ids";
import type { ActingContext, ServiceContext } from "../context";
import type { PushDevice, PushSubscriptionBody } from "../../../shared/schemas/reach";
import { pushHostAllowed, vapidKeys } from "./push";
import { writeAudit } from "../audit";

const present = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
});

export const PUSH_HOST_REFUSED = "This server does not send to that push service (PUSH_ALLOWED_HOSTS)";

/** POST /api/account/push-subscriptions: this device, for the signed-in person and this session. */
export async function savePushDevice(ctx: ActingContext, sessionId: string, body: PushSubscriptionBody): Promise<PushDevice> {
  if (!pushHostAllowed(body.endpoint, ctx.config.pushAllowedHosts)) throw badRequest(PUSH_HOST_REFUSED, [{ path: "endpoint", message: PUSH_HOST_REFUSED }]);
  const values = { userId: ctx.actor.id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, label: body.label ?? null, sessionId };
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: ctx.clock() })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        // The same endpoint from another person: the device now belongs to them, keys and all. Sent
        // again without a label (the app does so at each sign-in), it keeps the one it had.
        set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, label: sql`coalesce(excluded.label, ${pushSubscriptions.label})`, sessionId },
      })
      .returning();
    // Where a person's notifications go is theirs to know: the endpoint's host, never its secret path.
    await writeAudit(tx, ctx, {
      action: "push_device_saved",
      entityType: "user",
      entityId: ctx.actor.id,
      actor: ctx.actor,
      after: { deviceId: saved!.id, label: saved!.label, pushService: new URL(body.endpoint).host },
      ipAddress: ctx.ip,
    });
    return saved!;
  });
  return present(row);
}

/** GET /api/account/push-subscriptions */
export async function myPushDevices(ctx: ActingContext): Promise<PushDevice[]> {
  const rows = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ctx.actor.id)).orderBy(desc(pushSubscriptions.createdAt));
  return rows.map(present);
}

/** DELETE /api/account/push-subscriptions/:id: only one's own (another's is 404). */
export async function removePushDevice(ctx: ActingContext, id: string): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound("Device not found");
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, ctx.actor.id)))
      .returning({ id: pushSubscriptions.id, label: pushSubscriptions.label });
    if (!removed) throw notFound("Device not found");
    await writeAudit(tx, ctx, {
      action: "push_device_removed",
      entityType: "user",
      entityId: ctx.actor.id,
      actor: ctx.actor,
      before: { deviceId: removed.id, label: removed.label },
      ipAddress: ctx.ip,
    });
  });
  return { message: "Device removed" };
}

/** GET /api/push/public-key: the VAPID public key browsers subscribe with. */
export async function pushPublicKey(ctx: Pick<ServiceContext, "db" | "config">): Promise<{ publicKey: string }> {
  const keys = await vapidKeys(ctx.db, ctx.config);
  if (!keys) throw notFound("Push notifications are not set up yet");
  return { publicKey: keys.publicKey };
}

/** Signing out (POST /api/auth/logout): the device of that session is no longer told (its queued pushes are not sent). */
export async function forgetSignedOutDevice(ctx: Pick<ServiceContext, "db">, sessionId: string): Promise<void> {
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/**
 * A person disabled, given another role or reset: none of their devices is told any more. Called in
 * the transaction of that change; pushes already queued for them stay in the outbox and are not sent.
 */
export async function forgetPushDevices(q: Queryable, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, [...userIds]));
}

/** The device of this endpoint if it is this person's (the "Send me a test" of this device). */
export async function myDeviceByEndpoint(q: Queryable, userId: string, endpoint: string): Promise<PushSubscriptionRow | null> {
  const [row] = await q
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .limit(1);
  return row ?? null;
}
