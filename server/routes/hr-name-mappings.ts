// The name mappings the attendance import matches punch-machine names with (DECISIONS §8).
import { HR_ROLES } from "../../shared/constants";
import { nameMappingSchema } from "../../shared/schemas/hr";
import { idParamsOf } from "../../shared/schemas/params";
import { nameMappingAnswer, nameMappingsAnswer } from "../../shared/schemas/hr";
import { messageAnswer } from "../../shared/schemas/answer-parts";
import { contextOf } from "../middlewares/auth";
import { serviceContext } from "../services/context";
import { createNameMapping, deleteNameMapping, listNameMappings } from "../services/hr/name-mappings";
import type { AppDeps } from "../context";
import { ApiRouter } from "./api-router";

export function hrNameMappingRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const tag = "hr";

  api.add({ method: "get", path: "/hr/name-mappings", access: HR_ROLES, summary: "Name mappings of the import", answer: nameMappingsAnswer, tag }, () =>
    listNameMappings(serviceContext(deps)),
  );

  api.add(
    {
      method: "post",
      path: "/hr/name-mappings",
      access: HR_ROLES,
      summary: "Map a punch-machine name to an employee",
      body: nameMappingSchema,
      answer: nameMappingAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const mapping = await createNameMapping(contextOf(deps, req), input.body);
      res.status(201);
      return mapping;
    },
  );

  api.add(
    {
      method: "delete",
      path: "/hr/name-mappings/:id",
      access: HR_ROLES,
      summary: "Remove a name mapping",
      params: idParamsOf("Name mapping"),
      answer: messageAnswer,
      tag,
    },
    async (req, _res, input) => {
      await deleteNameMapping(contextOf(deps, req), input.params.id);
      return { message: "Name mapping removed" };
    },
  );

  return api;
}
