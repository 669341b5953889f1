// User administration (spec 001 §7; DECISIONS §3, §7): SuperAdmin only.
import {
  changePasswordSchema,
  changeUsernameSchema,
  createUserSchema,
  resetPasswordSchema,
  updateUserSchema,
  userStatusSchema,
} from "../../shared/schemas/users";
import { actorOf } from "../middlewares/auth";
import { body } from "../middlewares/validate";
import {
  adminCreateUser,
  changeUsername,
  deleteUser,
  listUsers,
  setPassword,
  setUserStatus,
  updateUser,
  type AdminUsersContext,
} from "../services/admin-users";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import type { Request } from "express";

const SUPERADMIN = ["SuperAdmin"] as const;
const tag = "users";

export function userRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { db } = deps.database;
  const ctx = (req: Request): AdminUsersContext => ({ db, bus: deps.bus, actor: actorOf(req), ip: req.ip });
  const id = (req: Request) => String(req.params.id);

  api.add({ method: "get", path: "/admin/users", access: SUPERADMIN, summary: "Users (soft-deleted ones hidden)", tag }, () => listUsers(db));

  api.add({ method: "post", path: "/admin/users", access: SUPERADMIN, summary: "Create a user", body: createUserSchema, tag }, async (req, res) => {
    const created = await adminCreateUser(ctx(req), body(req, createUserSchema));
    res.status(201);
    return created;
  });

  api.add({ method: "put", path: "/admin/users/:id", access: SUPERADMIN, summary: "Edit a user", body: updateUserSchema, tag }, (req) =>
    updateUser(ctx(req), id(req), body(req, updateUserSchema)),
  );

  api.add(
    { method: "put", path: "/admin/users/:id/username", access: SUPERADMIN, summary: "Change a username", body: changeUsernameSchema, tag },
    (req) => changeUsername(ctx(req), id(req), body(req, changeUsernameSchema).newUsername),
  );

  api.add(
    { method: "put", path: "/admin/users/:id/password", access: SUPERADMIN, summary: "Set a new password (ends their sessions)", body: changePasswordSchema, tag },
    (req) => setPassword(ctx(req), id(req), body(req, changePasswordSchema).newPassword),
  );

  api.add(
    { method: "post", path: "/admin/users/:id/reset-password", access: SUPERADMIN, summary: "Reset a password (ends their sessions)", body: resetPasswordSchema, tag },
    (req) => setPassword(ctx(req), id(req), body(req, resetPasswordSchema).newPassword),
  );

  api.add(
    { method: "patch", path: "/admin/users/:id/status", access: SUPERADMIN, summary: "Enable or disable a user", body: userStatusSchema, tag },
    (req) => setUserStatus(ctx(req), id(req), body(req, userStatusSchema).isActive),
  );

  api.add({ method: "delete", path: "/admin/users/:id", access: SUPERADMIN, summary: "Delete a user (softly when they have history)", tag }, async (req) => {
    const { deleted } = await deleteUser(ctx(req), id(req));
    return { message: "User deleted", deleted };
  });

  return api;
}
