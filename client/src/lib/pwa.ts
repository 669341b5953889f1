// The installed app's side of DECISIONS §14, kept small: it loads with the signed-in app, never on
// the login route. Registers the service worker (client/sw/sw.ts) once the page has loaded, offers
// a waiting new build ("Reload to update"), and keeps this device's push subscription with whoever
// is signed in. (A tapped notification's address is followed in app/App.tsx.)
import { apiRequest } from "@/lib/api";

const SW_URL = "/sw.js";

/** Whether this browser can keep the app and take pushes. */
export const pushSupported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/**
 * Registers the service worker after the page's own loading, so it never competes with it.
 * `onUpdate(apply)` is called when a new build is installed and waiting: `apply` makes it take over
 * and reloads (a new build otherwise takes effect on the next open, when every window is closed).
 */
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const offer = (waiting: ServiceWorker) =>
    onUpdate(() => {
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
  const register = async () => {
    const reg = await navigator.serviceWorker.register(SW_URL, { scope: "/" });
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const installing = reg.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
      });
    });
    // An app left open for days looks for a new build whenever it comes back to the front.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") void reg.update().catch(() => undefined);
    });
  };
  const start = () => void register().catch(() => undefined);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** A short name for this device on the account screen ("Android phone", "iPhone", "Windows computer"). */
export function deviceLabel(ua = navigator.userAgent): string {
  const browser = /Edg\//.test(ua) ? "Edge" : /Chrome\//.test(ua) ? "Chrome" : /Firefox\//.test(ua) ? "Firefox" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const device = /iPhone/.test(ua) ? "iPhone" : /iPad/.test(ua) ? "iPad" : /Android/.test(ua) ? (/Mobile/.test(ua) ? "Android phone" : "Android tablet") : /Mac OS X/.test(ua) ? "Mac" : /Windows/.test(ua) ? "Windows computer" : /Linux/.test(ua) ? "Linux computer" : "Device";
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

/** Signed in on a device that already takes pushes: it now takes them for this person and session. */
export async function keepPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== "granted") return;
  const sub = await currentPushSubscription();
  if (sub) await sendPushSubscription(sub);
}

/** Signing out: this browser stops taking pushes (the server forgets the device with the session). */
export async function dropPushSubscription(): Promise<void> {
  const sub = await currentPushSubscription().catch(() => null);
  await sub?.unsubscribe().catch(() => false);
  localStorage.removeItem(THIS_DEVICE);
}
