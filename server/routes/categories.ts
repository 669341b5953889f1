// Categories and the field designer (spec 001 §7; DECISIONS §7). Read by every signed-in user;
// managed by SuperAdmin and Accountant, approval settings by SuperAdmin only (in the service).
import {
  createCategorySchema,
  updateCategoryFieldsSchema,
  updateCategorySchema,
} from "../../shared/schemas/categories";
import type { Role } from "../../shared/constants";
import { actorOf } from "../middlewares/auth";
import { conflict } from "../services/errors";
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
import { idParamsOf } from "../../shared/schemas/params";
import { categoriesAnswer, categoryAnswer, messageAnswer } from "../../shared/answers";

const MANAGERS: readonly Role[] = ["SuperAdmin", "Accountant"];
const tag = "categories";

export function categoryRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const { db } = deps.database;

  api.add({ method: "get", path: "/categories", access: "signed-in", summary: "Categories, built-ins first", answer: categoriesAnswer, tag }, (req) =>
    listCategories(db, actorOf(req)),
  );

  api.add({ method: "get", path: "/categories/:id", access: "signed-in", summary: "One category", params: idParamsOf("Category"), answer: categoryAnswer, tag }, (req, _res, input) =>
    getCategory(db, input.params.id, actorOf(req)),
  );

  api.add({ method: "post", path: "/categories", access: MANAGERS, summary: "Create a category", body: createCategorySchema, answer: categoryAnswer, status: 201, tag }, async (req, res, input) => {
    const created = await createCategory(db, input.body, actorOf(req), req.ip);
    res.status(201);
    return created;
  });

  api.add({ method: "put", path: "/categories/:id", access: MANAGERS, summary: "Edit a category", body: updateCategorySchema, params: idParamsOf("Category"), answer: categoryAnswer, tag }, (req, _res, input) =>
    updateCategory(db, input.params.id, input.body, actorOf(req), req.ip),
  );

  api.add(
    { method: "put", path: "/categories/:id/fields", access: MANAGERS, summary: "Save a category's custom fields", body: updateCategoryFieldsSchema, params: idParamsOf("Category"), answer: categoryAnswer, tag },
    (req, _res, input) => updateCategoryFields(db, input.params.id, input.body, actorOf(req), req.ip),
  );

  api.add({ method: "delete", path: "/categories/:id", access: MANAGERS, summary: "Delete (or deactivate) a category", params: idParamsOf("Category"), answer: messageAnswer, tag }, async (req, _res, input) => {
    const result = await deleteCategory(db, input.params.id, actorOf(req), req.ip);
    // The deactivation has committed; the 409 tells the caller it was not a delete.
    if (result.outcome === "deactivated") throw conflict(DEACTIVATED_INSTEAD, "deactivated_instead");
    return { message: "Category deleted" };
  });

  return api;
}
