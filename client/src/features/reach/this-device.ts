// This browser's push subscription (DECISIONS §14), as /account/notifications turns it on and off.
// (lib/pwa.ts keeps it with whoever signs in on the device; signing out removes it on the server.)
import { apiRequest } from "@/lib/api";

/** Whether this browser can keep the app and take pushes. */
export const pushSupported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** A short name for this device on the account screen ("Android phone", "iPhone", "Windows computer"). */
export function deviceLabel(ua = navigator.userAgent): string {
  const browser = /Edg\//.test(ua) ? "Edge" : /Chrome\//.test(ua) ? "Chrome" : /Firefox\//.test(ua) ? "Firefox" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const device = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? /Mobile/.test(ua)
          ? "Android phone"
          : "Android tablet"
        : /Mac OS X/.test(ua)
          ? "Mac"
          : /Windows/.test(ua)
            ? "Windows computer"
            : /Linux/.test(ua)
              ? "Linux computer"
              : "Device";
  return `${browser} on ${device}`;
}

const THIS_DEVICE = "bms.pushDevice";

/** The server's id of this browser's device, as its last registration answered (null: none). */
export function thisDeviceId(): string | null {
  try {
    return (JSON.parse(localStorage.getItem(THIS_DEVICE) ?? "null") as { id?: string } | null)?.id ?? null;
  } catch {
    return null;
  }
}

/** Sends this device's subscription to the server (it then belongs to whoever is signed in, this session). */
export async function sendPushSubscription(sub: PushSubscription): Promise<void> {
  const json = sub.toJSON();
  const res = await apiRequest("POST", "/api/account/push-subscriptions", { endpoint: json.endpoint, keys: json.keys, label: deviceLabel() });
  const device = (await res.json()) as { id: string };
  localStorage.setItem(THIS_DEVICE, JSON.stringify({ id: device.id }));
}

/** Turning pushes off on this device: the browser stops taking them. */
export async function dropPushSubscription(): Promise<void> {
  const sub = await currentPushSubscription().catch(() => null);
  await sub?.unsubscribe().catch(() => false);
  localStorage.removeItem(THIS_DEVICE);
}
