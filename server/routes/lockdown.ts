import { emergencyStatusAnswer, emergencyToggleAnswer, emergencyToggleSchema } from "../../shared/schemas/lockdown";
import { contextOf } from "../middlewares/auth";
import { lockdownStatus, setLockdown } from "../services/lockdown";
import { serviceContext } from "../services/context";
import { EMERGENCY_CONTROLLERS } from "../services/policies";
import { ApiRouter } from "./api-router";
import type { AppDeps } from "../context";

export function lockdownRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();

  api.add(
    {
      method: "get",
      path: "/admin/emergency-status",
      access: EMERGENCY_CONTROLLERS,
      summary: "Lockdown status",
      answer: emergencyStatusAnswer,
      tag: "lockdown",
    },
    () => lockdownStatus(serviceContext(deps)),
  );

  api.add(
    {
      method: "post",
      path: "/admin/emergency-toggle",
      access: EMERGENCY_CONTROLLERS,
      summary: "Turn lockdown on or off",
      body: emergencyToggleSchema,
      answer: emergencyToggleAnswer,
      tag: "lockdown",
    },
    async (req, _res, input) => {
      const { enabled } = input.body;
      const state = await setLockdown(contextOf(deps, req), enabled);
      return {
        message: enabled ? "Emergency lockdown activated: all non-SuperAdmin access is blocked" : "System access restored",
        enabled: state.enabled,
        activatedAt: state.activatedAt,
      };
    },
  );
  return api;
}
