// The header bell's notifications (DECISIONS §6): the signed-in user's own, never anyone else's.
import { contextOf } from "../middlewares/auth";
import { clearNotifications, markNotificationsRead, myNotifications } from "../services/notification-bell";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { notificationsAnswer, notificationsChangedAnswer } from "../../shared/schemas/notifications";

export function notificationRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add(
    {
      method: "get",
      path: "/notifications",
      access: "signed-in",
      openToEmployees: true,
      summary: "My latest 50 notifications, newest first",
      answer: notificationsAnswer,
      tag: "notifications",
    },
    (req) => myNotifications(contextOf(deps, req)),
  );

  api.add(
    {
      method: "post",
      path: "/notifications/read-all",
      access: "signed-in",
      openToEmployees: true,
      summary: "Mark all my notifications read",
      answer: notificationsChangedAnswer,
      tag: "notifications",
    },
    (req) => markNotificationsRead(contextOf(deps, req)),
  );

  api.add(
    {
      method: "delete",
      path: "/notifications",
      access: "signed-in",
      openToEmployees: true,
      summary: "Clear all my notifications",
      answer: notificationsChangedAnswer,
      tag: "notifications",
    },
    (req) => clearNotifications(contextOf(deps, req)),
  );

  return api;
}
