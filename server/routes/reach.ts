// Reach (DECISIONS §14): the VAPID public key, a person's push devices, their notification
// preferences and tests, and the SuperAdmin's view of the outbox.
import { contextOf } from "../middlewares/auth";
import { serviceContext } from "../services/context";
import { myPushDevices, pushPublicKey, removePushDevice, savePushDevice } from "../services/delivery/devices";
import { myNotificationChannels, myNotificationPreferences, sendMeATest, setNotificationPreferences } from "../services/delivery/preferences";
import { OUTBOX_SHOWN_DAYS, recentOutbox } from "../services/reach/outbox";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { idParamsOf } from "../../shared/schemas/params";
import { messageAnswer } from "../../shared/schemas/answer-parts";
import {
  notificationChannelsAnswer,
  notificationPreferencesSchema,
  notificationTestBody,
  outboxAnswer,
  outboxQuery,
  publicKeyAnswer,
  pushDeviceAnswer,
  pushDevicesAnswer,
  pushSubscriptionBody,
} from "../../shared/schemas/reach";

const tag = "reach";

export function reachRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add(
    {
      method: "get",
      path: "/push/public-key",
      access: "signed-in",
      openToEmployees: true,
      summary: "The VAPID public key browsers subscribe with",
      answer: publicKeyAnswer,
      tag,
    },
    () => pushPublicKey(serviceContext(deps)),
  );

  api.add(
    {
      method: "post",
      path: "/account/push-subscriptions",
      access: "signed-in",
      openToEmployees: true,
      summary: "Register this device for push notifications (https endpoints only)",
      body: pushSubscriptionBody,
      answer: pushDeviceAnswer,
      status: 201,
      tag,
    },
    async (req, res, { body }) => {
      const device = await savePushDevice(contextOf(deps, req), req.sessionID, body);
      res.status(201);
      return device;
    },
  );
  api.add(
    {
      method: "get",
      path: "/account/push-subscriptions",
      access: "signed-in",
      openToEmployees: true,
      summary: "My devices that get push notifications",
      answer: pushDevicesAnswer,
      tag,
    },
    (req) => myPushDevices(contextOf(deps, req)),
  );
  api.add(
    {
      method: "delete",
      path: "/account/push-subscriptions/:id",
      access: "signed-in",
      openToEmployees: true,
      summary: "Stop push notifications to one of my devices",
      params: idParamsOf("Device"),
      answer: messageAnswer,
      tag,
    },
    (req, _res, { params }) => removePushDevice(contextOf(deps, req), params.id),
  );

  api.add(
    {
      method: "get",
      path: "/account/notification-preferences",
      access: "signed-in",
      openToEmployees: true,
      summary: "What I am told, by push and by email, and my quiet hours",
      answer: notificationPreferencesSchema,
      tag,
    },
    (req) => myNotificationPreferences(contextOf(deps, req)),
  );
  api.add(
    {
      method: "put",
      path: "/account/notification-preferences",
      access: "signed-in",
      openToEmployees: true,
      summary: "Replace my notification preferences",
      body: notificationPreferencesSchema,
      answer: notificationPreferencesSchema,
      tag,
    },
    (req, _res, { body }) => setNotificationPreferences(contextOf(deps, req), body),
  );
  api.add(
    {
      method: "get",
      path: "/account/notification-channels",
      access: "signed-in",
      openToEmployees: true,
      summary: "Whether this server sends push and email, and my email address",
      answer: notificationChannelsAnswer,
      tag,
    },
    (req) => myNotificationChannels(contextOf(deps, req)),
  );
  api.add(
    {
      method: "post",
      path: "/account/notification-test",
      access: "signed-in",
      openToEmployees: true,
      summary: "Send me a test, to this device or by email",
      body: notificationTestBody,
      answer: messageAnswer,
      status: 202,
      tag,
    },
    async (req, res, { body }) => {
      const queued = await sendMeATest(contextOf(deps, req), body);
      res.status(202);
      return queued;
    },
  );

  api.add(
    {
      method: "get",
      path: "/admin/notifications",
      access: ["SuperAdmin"],
      summary: "The outbox of the last 7 days: queued, sent, failed with the reason",
      query: outboxQuery,
      answer: outboxAnswer,
      tag,
    },
    async (_req, _res, { query }) => ({ ...(await recentOutbox(serviceContext(deps), query)), days: OUTBOX_SHOWN_DAYS }),
  );

  return api;
}
