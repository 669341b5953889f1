// Reach (DECISIONS §14): this person's preferences, channels and devices, turning on pushes on this
// device, the tests, and the SuperAdmin's outbox.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationChannels, NotificationPreferences, OutboxAnswer, PushDevice } from "@shared/schemas/reach";
import { apiJson } from "@/lib/api";
import { currentPushSubscription, dropPushSubscription, pushSupported, sendPushSubscription, thisDeviceId } from "./this-device";

export { thisDeviceId };

export type { NotificationPreferences, OutboxAnswer, PushDevice };
export type OutboxStatus = OutboxAnswer["entries"][number]["status"];

const PREFERENCES_KEY = ["/api/account/notification-preferences"] as const;
const CHANNELS_KEY = ["/api/account/notification-channels"] as const;
const DEVICES_KEY = ["/api/account/push-subscriptions"] as const;
const THIS_DEVICE_KEY = ["push", "this-device"] as const;

export const useNotificationPreferences = () => useQuery<NotificationPreferences>({ queryKey: PREFERENCES_KEY });
export const useNotificationChannels = () => useQuery<NotificationChannels>({ queryKey: CHANNELS_KEY });
export const usePushDevices = () => useQuery<PushDevice[]>({ queryKey: DEVICES_KEY });

/** This browser's state: unsupported, blocked by the person, or on with its endpoint, or off. */
export type ThisDevice = { state: "unsupported" } | { state: "blocked" } | { state: "off" } | { state: "on"; endpoint: string };

export function useThisDevice() {
  return useQuery<ThisDevice>({
    queryKey: THIS_DEVICE_KEY,
    queryFn: async () => {
      if (!pushSupported()) return { state: "unsupported" };
      if (Notification.permission === "denied") return { state: "blocked" };
      const sub = await currentPushSubscription();
      return sub && Notification.permission === "granted" ? { state: "on", endpoint: sub.endpoint } : { state: "off" };
    },
    staleTime: 0,
  });
}

const fromBase64Url = (s: string) => {
  const b64 = (s + "=".repeat((4 - (s.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

export function useReachMutations() {
  const qc = useQueryClient();
  const refreshDevices = () => Promise.all([qc.invalidateQueries({ queryKey: DEVICES_KEY }), qc.invalidateQueries({ queryKey: THIS_DEVICE_KEY })]);
  return {
    savePreferences: useMutation({
      mutationFn: (prefs: NotificationPreferences) => apiJson<NotificationPreferences>("PUT", "/api/account/notification-preferences", prefs),
      onSuccess: (saved) => qc.setQueryData(PREFERENCES_KEY, saved),
    }),
    /** Asks the browser's permission, subscribes with the server's VAPID key, and registers this device. */
    turnOnThisDevice: useMutation({
      mutationFn: async () => {
        const permission = await Notification.requestPermission();
        if (permission !== "granted")
          throw new Error(permission === "denied" ? "Notifications are blocked for this site in the browser's settings." : "Notifications were not allowed.");
        const reg = await navigator.serviceWorker.ready;
        const { publicKey } = await apiJson<{ publicKey: string }>("GET", "/api/push/public-key");
        const sub =
          (await reg.pushManager.getSubscription()) ??
          (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
        await sendPushSubscription(sub);
      },
      onSettled: refreshDevices,
    }),
    /** This device stops taking pushes, here and on the server. */
    turnOffThisDevice: useMutation({
      mutationFn: async () => {
        const id = thisDeviceId();
        await dropPushSubscription();
        if (id) await apiJson("DELETE", `/api/account/push-subscriptions/${encodeURIComponent(id)}`).catch(() => undefined);
      },
      onSettled: refreshDevices,
    }),
    removeDevice: useMutation({
      mutationFn: (id: string) => apiJson("DELETE", `/api/account/push-subscriptions/${encodeURIComponent(id)}`),
      onSettled: refreshDevices,
    }),
    sendTest: useMutation({
      mutationFn: (body: { channel: "push"; endpoint: string } | { channel: "email" }) =>
        apiJson<{ message: string }>("POST", "/api/account/notification-test", body),
    }),
  };
}

export const useOutbox = (filter: { status?: OutboxStatus }) =>
  useQuery<OutboxAnswer>({ queryKey: ["/api/admin/notifications", filter], refetchInterval: 15_000, meta: { poll: true } });
