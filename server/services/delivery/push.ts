// Web Push (RFC 8030) through the `web-push` library: the VAPID key pair (RFC 8292) made at the
// first start and kept in the database unless the environment gives one, and one send to one
// device, its payload encrypted for it (RFC 8291, aes128gcm), with what the answer means.
import type https from "node:https";
import { eq } from "drizzle-orm";
import webpush, { WebPushError } from "web-push";
import type { Queryable } from "../../db/client";
import { settings } from "../../db/schema";
import type { Config } from "../../config";
import type { ReachMessage } from "../reach/kinds";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const SETTING = "vapid";

/**
 * The key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else the one kept in the settings.
 * The first start makes one; processes starting together keep whichever was written first.
 */
export async function ensureVapidKeys(q: Queryable, config: Pick<Config, "vapid">): Promise<VapidKeys> {
  const kept = await vapidKeys(q, config);
  if (kept) return kept;
  const made = webpush.generateVAPIDKeys();
  await q.insert(settings).values({ key: SETTING, value: made }).onConflictDoNothing();
  return (await vapidKeys(q, config))!;
}

/** The key pair in use, or null before the first start made one. */
export async function vapidKeys(q: Queryable, config: Pick<Config, "vapid">): Promise<VapidKeys | null> {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTING));
  const value = row?.value as { publicKey?: string; privateKey?: string } | undefined;
  return value?.publicKey && value.privateKey ? { publicKey: value.publicKey, privateKey: value.privateKey, subject } : null;
}

/** What a device is sent: DECISIONS §14's payload. */
export function pushPayload(message: ReachMessage): string {
  return JSON.stringify({ title: message.title, body: message.body, url: message.url, tag: message.tag, priority: message.priority });
}

export type DeliveryOutcome =
  | { result: "sent" }
  /** Worth trying again later: the service was down, slow, busy or unreachable. */
  | { result: "retry"; error: string }
  /** Never worth trying again (a 4xx, a refused address). */
  | { result: "failed"; error: string }
  /** Push only: the subscription is no more (404, 410); it is deleted. */
  | { result: "gone"; error: string };

/** How long one send may take before it counts as a failure to retry. */
export const SEND_TIMEOUT_MS = 15_000;

export async function sendPush(
  device: { endpoint: string; p256dh: string; auth: string },
  message: ReachMessage,
  keys: VapidKeys,
  options: { agent?: https.Agent; ttlSeconds?: number } = {},
): Promise<DeliveryOutcome> {
  try {
    await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, pushPayload(message), {
      vapidDetails: keys,
      TTL: options.ttlSeconds ?? 24 * 60 * 60,
      urgency: message.urgent || message.priority ? "high" : "normal",
      // A later push about the same transaction replaces one the service still holds (RFC 8030 §5.4).
      topic: message.tag.replace(/-/g, "").slice(0, 32),
      timeout: SEND_TIMEOUT_MS,
      contentEncoding: "aes128gcm",
      ...(options.agent ? { agent: options.agent } : {}),
    });
    return { result: "sent" };
  } catch (err) {
    if (err instanceof WebPushError) {
      const status = err.statusCode;
      const said = `${status}${err.body ? `: ${String(err.body).slice(0, 200)}` : ""}`;
      if (status === 404 || status === 410)
        return { result: "gone", error: `The push service says the subscription is gone (${said}); the device was removed` };
      if (status === 429 || status >= 500) return { result: "retry", error: `Push service answered ${said}` };
      return { result: "failed", error: `Push service refused it (${said})` };
    }
    return { result: "retry", error: `Could not reach the push service: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** PUSH_ALLOWED_HOSTS: whether the server may send to this endpoint's host (null: any). */
export function pushHostAllowed(endpoint: string, allowed: readonly string[] | null): boolean {
  if (!allowed) return true;
  try {
    return allowed.includes(new URL(endpoint).hostname.toLowerCase());
  } catch {
    return false;
  }
}
