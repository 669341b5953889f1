// The service worker (DECISIONS §14), built by vite-plugin-pwa with workbox: it keeps the app shell
// and the hashed assets, so the installed app opens without the network and a new build takes
// effect on the next open; it never keeps an API answer, an attachment or the socket. It shows the
// pushes the server sends and, when one is tapped, brings the app to the thing it is about.
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every page address is the SPA's shell; the server's own paths are never answered from here.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/ws$/] }));

self.addEventListener("message", (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  // "Reload to update": the open app asks the waiting worker to take over, then reloads.
  if (type === "SKIP_WAITING") void self.skipWaiting();
  // Someone signed in: a device that takes pushes now takes them for them, and for this session
  // (signing out of it removes the device). The server keeps the device's label.
  if (type === "SIGNED_IN") event.waitUntil(keepPushSubscription());
});

async function keepPushSubscription(): Promise<void> {
  const sub = await self.registration.pushManager.getSubscription();
  if (!sub) return;
  const { endpoint, keys } = sub.toJSON();
  await fetch("/api/account/push-subscriptions", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify({ endpoint, keys }),
  }).catch(() => undefined);
}

type PushPayload = { title: string; body: string; url: string; tag: string; priority: boolean };

function readPayload(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (data && typeof data.title === "string") {
      return {
        title: data.title,
        body: data.body ?? "",
        url: typeof data.url === "string" ? data.url : "/",
        tag: data.tag ?? "",
        priority: Boolean(data.priority),
      };
    }
  } catch {
    // not JSON: shown as a plain notice below
  }
  return { title: "Business Management System", body: event.data?.text() ?? "", url: "/", tag: "", priority: false };
}

self.addEventListener("push", (event) => {
  const p = readPayload(event);
  event.waitUntil(
    self.registration.showNotification(p.title, {
      body: p.body,
      // A later push about the same transaction replaces the earlier one on the device.
      tag: p.tag || undefined,
      data: { url: p.url },
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      requireInteraction: p.priority,
    }),
  );
});

/** A path of this app only: a payload never sends the app elsewhere. */
function appUrl(url: unknown): string {
  try {
    const u = new URL(typeof url === "string" ? url : "/", self.location.origin);
    return u.origin === self.location.origin ? u.pathname + u.search : "/";
  } catch {
    return "/";
  }
}

/** Takes an open window of the app to `url` and focuses it, or opens one there (signed out, the app signs in there first). */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window" });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  const shown = open ? await open.navigate(url).catch(() => null) : null;
  if (shown) await shown.focus().catch(() => undefined);
  else await self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const shown = openApp(appUrl((event.notification.data as { url?: unknown } | null)?.url));
  // Keeps the worker alive until the app is shown; only an event the browser dispatched may.
  if (event.isTrusted) event.waitUntil(shown);
});
