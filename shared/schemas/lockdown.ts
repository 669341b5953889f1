import { z } from "zod";
import type { emergencyStatusAnswer, emergencyToggleAnswer } from "../answers/people";

export const emergencyToggleSchema = z.object({ enabled: z.boolean({ message: "enabled must be true or false" }) });

export type EmergencyStatus = z.output<typeof emergencyStatusAnswer>;
export type EmergencyToggleAnswer = z.output<typeof emergencyToggleAnswer>;
