import { z } from "zod";

export const emergencyToggleSchema = z.object({ enabled: z.boolean({ message: "enabled must be true or false" }) });

export type EmergencyStatus = { enabled: boolean; activatedAt: string | null; activatedBy: string | null };
export type EmergencyToggleAnswer = { message: string; enabled: boolean; activatedAt: string | null };
