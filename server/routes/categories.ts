// Categories and the field designer (spec 001 §7; DECISIONS §7). Read by every signed-in user;
// managed by SuperAdmin and Accountant, approval settings by SuperAdmin only (in the service).
import {
  createCategorySchema,
  updateCategoryFieldsSchema,
  updateCategorySchema,
} from "../../shared/schemas/categories";
import type { Role } from "../../shared/constants";
import { actorOf } from "../middlewares/auth";
import { conflict } from "../middlewares/errors";
import { body } from "../middlewares/validate";
import {
  createCategory,
  DEACTIVATED_INSTEAD,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
  updateCategoryFields,
} from "../services/categories";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";

const MANAGERS: readonly Role[] = ["SuperAdmin", "Accountant"];
const tag = "categories";

export function categoryRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { db } = deps.database;

  api.add({ method: "get", path: "/categories", access: "signed-in", summary: "Categories, built-ins first", tag }, (req) =>
    listCategories(db, actorOf(req)),
  );

  api.add({ method: "get", path: "/categories/:id", access: "signed-in", summary: "One category", tag }, (req) =>
    getCategory(db, String(req.params.id), actorOf(req)),
  );

  api.add({ method: "post", path: "/categories", access: MANAGERS, summary: "Create a category", body: createCategorySchema, tag }, async (req, res) => {
    const created = await createCategory(db, body(req, createCategorySchema), actorOf(req), req.ip);
    res.status(201);
    return created;
  });

  api.add({ method: "put", path: "/categories/:id", access: MANAGERS, summary: "Edit a category", body: updateCategorySchema, tag }, (req) =>
    updateCategory(db, String(req.params.id), body(req, updateCategorySchema), actorOf(req), req.ip),
  );

  api.add(
    { method: "put", path: "/categories/:id/fields", access: MANAGERS, summary: "Save a category's custom fields", body: updateCategoryFieldsSchema, tag },
    (req) => updateCategoryFields(db, String(req.params.id), body(req, updateCategoryFieldsSchema), actorOf(req), req.ip),
  );

  api.add({ method: "delete", path: "/categories/:id", access: MANAGERS, summary: "Delete (or deactivate) a category", tag }, async (req) => {
    const result = await deleteCategory(db, String(req.params.id), actorOf(req), req.ip);
    // The deactivation has committed; the 409 tells the caller it was not a delete.
    if (result.outcome === "deactivated") throw conflict(DEACTIVATED_INSTEAD, "deactivated_instead");
    return { message: "Category deleted" };
  });

  return api;
}
