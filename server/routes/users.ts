// User administration (spec 001 §7; DECISIONS §3, §7): SuperAdmin only.
import {
  changePasswordSchema,
  changeUsernameSchema,
  createUserSchema,
  resetPasswordSchema,
  updateUserSchema,
  userAnswer,
  userDeletedAnswer,
  usersAnswer,
  userStatusSchema,
} from "../../shared/schemas/users";
import { contextOf } from "../middlewares/auth";
import { serviceContext } from "../services/context";
import { USER_MANAGERS } from "../services/policies";
import { adminCreateUser, changeUsername, deleteUser, listUsers, setPassword, setUserStatus, updateUser } from "../services/admin-users";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import type { Request } from "express";
import { idParamsOf } from "../../shared/schemas/params";

const tag = "users";

export function userRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  api.add({ method: "get", path: "/admin/users", access: USER_MANAGERS, summary: "Users (soft-deleted ones hidden)", answer: usersAnswer, tag }, () =>
    listUsers(serviceContext(deps)),
  );

  api.add(
    { method: "post", path: "/admin/users", access: USER_MANAGERS, summary: "Create a user", body: createUserSchema, answer: userAnswer, status: 201, tag },
    async (req, res, input) => {
      const created = await adminCreateUser(ctx(req), input.body);
      res.status(201);
      return created;
    },
  );

  api.add(
    {
      method: "put",
      path: "/admin/users/:id",
      access: USER_MANAGERS,
      summary: "Edit a user",
      body: updateUserSchema,
      params: idParamsOf("User"),
      answer: userAnswer,
      tag,
    },
    (req, _res, input) => updateUser(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "put",
      path: "/admin/users/:id/username",
      access: USER_MANAGERS,
      summary: "Change a username",
      body: changeUsernameSchema,
      params: idParamsOf("User"),
      answer: userAnswer,
      tag,
    },
    (req, _res, input) => changeUsername(ctx(req), input.params.id, input.body.newUsername),
  );

  api.add(
    {
      method: "put",
      path: "/admin/users/:id/password",
      access: USER_MANAGERS,
      summary: "Set a new password (ends their sessions)",
      body: changePasswordSchema,
      params: idParamsOf("User"),
      answer: userAnswer,
      tag,
    },
    (req, _res, input) => setPassword(ctx(req), input.params.id, input.body.newPassword),
  );

  api.add(
    {
      method: "post",
      path: "/admin/users/:id/reset-password",
      access: USER_MANAGERS,
      summary: "Reset a password (ends their sessions)",
      body: resetPasswordSchema,
      params: idParamsOf("User"),
      answer: userAnswer,
      tag,
    },
    (req, _res, input) => setPassword(ctx(req), input.params.id, input.body.newPassword),
  );

  api.add(
    {
      method: "patch",
      path: "/admin/users/:id/status",
      access: USER_MANAGERS,
      summary: "Enable or disable a user",
      body: userStatusSchema,
      params: idParamsOf("User"),
      answer: userAnswer,
      tag,
    },
    (req, _res, input) => setUserStatus(ctx(req), input.params.id, input.body.isActive, input.body.reason),
  );

  api.add(
    {
      method: "delete",
      path: "/admin/users/:id",
      access: USER_MANAGERS,
      summary: "Delete a user (softly when they have history)",
      params: idParamsOf("User"),
      answer: userDeletedAnswer,
      tag,
    },
    async (req, _res, input) => {
      const { deleted } = await deleteUser(ctx(req), input.params.id);
      return { message: "User deleted", deleted };
    },
  );

  return api;
}
