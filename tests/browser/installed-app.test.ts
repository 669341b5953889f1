// The installed app (DECISIONS §14) on a phone-sized Chromium, from the built client: it opens from
// its manifest's start URL, its service worker keeps the shell so with no network it says "You are
// offline" with a retry, and a push delivered to the service worker (CDP
// ServiceWorker.deliverPushMessage) shows a notification whose tap opens the review sheet of the
// transaction, which says so when someone decided it meanwhile.
//
// The push carries the payload the server queued for the approver's device (the outbox row's own
// message, as the worker would encrypt it): this sandbox has no real push service to subscribe to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { startBrowserTestEnv, type BrowserTestEnv } from "./support";
import { signInApi } from "./api-client";
import { notificationOutbox } from "../../server/db/schema";
import { pushPayload } from "../../server/services/delivery/push";
import type { ReachMessage } from "../../server/services/reach/kinds";
import type { MadeUser } from "../../server/test/factories";

let env: BrowserTestEnv;
let context: BrowserContext;
let page: Page;
let approver: MadeUser;

beforeAll(async () => {
  env = await startBrowserTestEnv();
  approver = await env.makeUser("Approver", { name: "Vikram Mehta" });
  ({ context, page } = await env.newPage("phone", { serviceWorkers: "allow" }));
  await context.grantPermissions(["notifications"], { origin: env.url });
}, 120_000);
afterAll(async () => {
  await env?.close();
});

/** The PNG's width and height, from its IHDR chunk. */
const pngSize = (b: Buffer) => [b.readUInt32BE(16), b.readUInt32BE(20)];

/** Delivers `payload` to the page's service worker as a push message, through the DevTools protocol. */
async function deliverPush(cdp: CDPSession, registrationId: string, payload: string) {
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: env.url, registrationId, data: payload });
}

describe("the installed app on a phone", () => {
  it("has a manifest the browser can install from: name, start URL, standalone, icons of 192 and 512 px and a maskable one", async () => {
    const manifest = await (await fetch(`${env.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: "Business Management System", short_name: "BMS", start_url: "/", display: "standalone", theme_color: "#0f172a" });
    const sizes: Record<string, number[]> = {};
    for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      const res = await fetch(`${env.url}${icon.src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      sizes[`${icon.sizes} ${icon.purpose}`] = pngSize(Buffer.from(await res.arrayBuffer()));
    }
    expect(sizes).toEqual({ "192x192 any": [192, 192], "512x512 any": [512, 512], "512x512 maskable": [512, 512] });
  });

  it("opens from the start URL, keeps its shell, shows a pushed notification whose tap opens the review sheet, and says when it was decided meanwhile", async () => {
    const manifest = await (await fetch(`${env.url}/manifest.webmanifest`)).json();
    await page.goto(manifest.start_url);
    await env.signIn(page, approver);
    // The service worker registers once signed in and takes over on the next load.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${env.url}/sw.js`);

    // An accountant submits; the server queues the approver's push (the device registered first).
    const deviceRegistered = await page.evaluate(async () => {
      const res = await fetch("/api/account/push-subscriptions", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({
          endpoint: "https://push.example.invalid/send/phone-1",
          keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" },
          label: "Chrome on Android phone",
        }),
      });
      return res.status;
    });
    expect(deviceRegistered).toBe(201);
    const accountant = await signInApi(env.url, await env.makeUser("Accountant", { name: "Priya Nair" }));
    const categories = await accountant.get<{ id: string; name: string }[]>("/api/categories");
    const travel = categories.find((c) => c.name === "Travel")!;
    const created = await accountant.post<{ id: string; humanReadableId: string }>("/api/transactions", {
      formType: "B",
      categoryId: travel.id,
      amount: "12500",
      transactionDate: new Date().toISOString().slice(0, 10),
      description: "Train to Surat",
    });
    await accountant.post(`/api/transactions/${created.id}/submit`, {});
    const [queued] = await env.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, approver.id), eq(notificationOutbox.subjectId, created.id), eq(notificationOutbox.channel, "push")));
    const payload = pushPayload(queued!.message as ReachMessage);

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${env.url}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registration;
    await deliverPush(cdp, registrationId, payload);
    // Polled from here: waitForFunction takes an async predicate's promise as already true.
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        const list = await reg.getNotifications();
        return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
      });
    await expect.poll(shown, { timeout: 15_000 }).toEqual([
      {
        title: "Approval needed",
        body: `${created.humanReadableId} · Travel · ₹12,500.00 · from Priya Nair`,
        tag: created.id,
        url: `/pending-approvals?review=${created.id}`,
      },
    ]);

    // The tap, from the service worker itself: the open app goes to the review sheet.
    const tap = async () => {
      const [worker] = context.serviceWorkers();
      await worker!.evaluate(async () => {
        // In the service worker (these types are of the WebWorker library, not this program's).
        type Scope = {
          registration: { getNotifications(): Promise<unknown[]> };
          dispatchEvent(event: Event): boolean;
          NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
        };
        const sw = self as unknown as Scope;
        const [notification] = await sw.registration.getNotifications();
        sw.dispatchEvent(new sw.NotificationEvent("notificationclick", { notification }));
      });
    };
    await tap();
    await page.waitForURL(`**/pending-approvals?review=${created.id}`);
    const sheet = page.getByRole("dialog", { name: `Transaction ${created.humanReadableId}` });
    await sheet.waitFor();
    expect(await sheet.getByRole("button", { name: /^Approve/ }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((l) => l.length))).toBe(0);
    await sheet.getByRole("button", { name: "Close" }).first().click();
    await page.waitForURL(/\/pending-approvals$/);

    // Decided meanwhile by someone else: the sheet a later tap opens says so.
    const other = await signInApi(env.url, await env.makeUser("Approver", { name: "Anita Desai" }));
    await other.post(`/api/transactions/${created.id}/approve`, {});
    await page.goto("/");
    await deliverPush(cdp, registrationId, payload);
    await page.waitForFunction(() => navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((l) => l.length === 1));
    await tap();
    await page.waitForURL(`**/pending-approvals?review=${created.id}`);
    await page.getByRole("dialog").getByText("Already approved by Anita Desai").waitFor();
  }, 120_000);

  it("with no network, opens from its kept shell and says 'You are offline' with a retry", async () => {
    await context.setOffline(true);
    await page.goto("/pending-approvals").catch(() => undefined);
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    await context.setOffline(false);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("heading", { name: "Pending Approvals" }).waitFor();
  }, 60_000);
});
