// Categories and the field designer (spec 001 §7; DECISIONS §7). Read by every signed-in user;
// managed by SuperAdmin and Accountant, approval settings by SuperAdmin only (in the service).
import { categoriesAnswer, categoryAnswer, createCategorySchema, updateCategoryFieldsSchema, updateCategorySchema } from "../../shared/schemas/categories";
import type { Role } from "../../shared/constants";
import { contextOf } from "../middlewares/auth";
import { conflict } from "../services/errors";
import { createCategory, DEACTIVATED_INSTEAD, deleteCategory, getCategory, listCategories, updateCategory, updateCategoryFields } from "../services/categories";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";
import { idParamsOf } from "../../shared/schemas/params";
import { messageAnswer } from "../../shared/schemas/answer-parts";

const MANAGERS: readonly Role[] = ["SuperAdmin", "Accountant"];
const tag = "categories";

export function categoryRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add(
    { method: "get", path: "/categories", access: "signed-in", openToEmployees: true, summary: "Categories, built-ins first", answer: categoriesAnswer, tag },
    (req) => listCategories(contextOf(deps, req)),
  );

  api.add(
    {
      method: "get",
      path: "/categories/:id",
      access: "signed-in",
      openToEmployees: true,
      summary: "One category",
      params: idParamsOf("Category"),
      answer: categoryAnswer,
      tag,
    },
    (req, _res, input) => getCategory(contextOf(deps, req), input.params.id),
  );

  api.add(
    {
      method: "post",
      path: "/categories",
      access: MANAGERS,
      summary: "Create a category",
      body: createCategorySchema,
      answer: categoryAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const created = await createCategory(contextOf(deps, req), input.body);
      res.status(201);
      return created;
    },
  );

  api.add(
    {
      method: "put",
      path: "/categories/:id",
      access: MANAGERS,
      summary: "Edit a category",
      body: updateCategorySchema,
      params: idParamsOf("Category"),
      answer: categoryAnswer,
      tag,
    },
    (req, _res, input) => updateCategory(contextOf(deps, req), input.params.id, input.body),
  );

  api.add(
    {
      method: "put",
      path: "/categories/:id/fields",
      access: MANAGERS,
      summary: "Save a category's custom fields",
      body: updateCategoryFieldsSchema,
      params: idParamsOf("Category"),
      answer: categoryAnswer,
      tag,
    },
    (req, _res, input) => updateCategoryFields(contextOf(deps, req), input.params.id, input.body),
  );

  api.add(
    {
      method: "delete",
      path: "/categories/:id",
      access: MANAGERS,
      summary: "Delete (or deactivate) a category",
      params: idParamsOf("Category"),
      answer: messageAnswer,
      tag,
    },
    async (req, _res, input) => {
      const result = await deleteCategory(contextOf(deps, req), input.params.id);
      // The deactivation has committed; the 409 tells the caller it was not a delete.
      if (result.outcome === "deactivated") throw conflict(DEACTIVATED_INSTEAD, "deactivated_instead");
      return { message: "Category deleted" };
    },
  );

  return api;
}
