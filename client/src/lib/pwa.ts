// The installed app (DECISIONS §14), kept small: it loads with the signed-in app, never on the login
// route. Registers the service worker (client/sw/sw.ts) once the page has loaded and offers a
// waiting new build ("Reload to update"), and tells it someone signed in (it then keeps a device
// that takes pushes with them). Turning pushes on is features/reach's.

const SW_URL = "/sw.js";

/**
 * Registers the service worker after the page's own loading, so it never competes with it.
 * `onUpdate(apply)` is called when a new build is installed and waiting: `apply` makes it take over
 * and reloads (a new build otherwise takes effect on the next open, when every window is closed).
 */
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  const sw = navigator.serviceWorker;
  if (!sw || import.meta.env.DEV) return;
  const offer = (waiting: ServiceWorker | null) =>
    waiting &&
    sw.controller &&
    onUpdate(() => {
      sw.addEventListener("controllerchange", () => window.location.reload());
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
  const register = async () => {
    const reg = await sw.register(SW_URL);
    offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const installing = reg.installing;
      installing?.addEventListener("statechange", () => installing.state === "installed" && offer(installing));
    });
    (await sw.ready).active?.postMessage({ type: "SIGNED_IN" });
  };
  const start = () => void register().catch(() => undefined);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
