// Lockdown (DECISIONS §3): the toggle's body and the status answers.
import { z } from "zod";
import { instant } from "./answer-parts";

export const emergencyToggleSchema = z.object({ enabled: z.boolean({ message: "enabled must be true or false" }) });

export type EmergencyStatus = z.output<typeof emergencyStatusAnswer>;
export type EmergencyToggleAnswer = z.output<typeof emergencyToggleAnswer>;

// ---------------------------------------------------------------- answers

export const emergencyStatusAnswer = z.strictObject({ enabled: z.boolean(), activatedAt: instant.nullable(), activatedBy: z.string().nullable() });
export const emergencyToggleAnswer = z.strictObject({ message: z.string(), enabled: z.boolean(), activatedAt: instant.nullable() });
