import { z } from "zod";
import { FIELD_TYPES, LIMITS } from "../constants";

// A custom field of a category (spec 001 §3). Values entered for these fields are validated
// on the server against the definition (DECISIONS §4).
export const customFieldDefinitionSchema = z.object({
  id: z.string().trim().max(100).optional().default(""),
  label: z.string().trim().min(1, "Field label is required").max(200),
  type: z.enum(FIELD_TYPES),
  placeholder: z.string().max(500).optional().nullable(),
  required: z.boolean().optional().default(false),
  options: z.array(z.string().trim().min(1).max(200)).max(200).optional(),
  validation: z
    .object({
      min: z.number().int().min(0).max(100000).optional().nullable(),
      max: z.number().int().min(0).max(100000).optional().nullable(),
      message: z.string().max(500).optional().nullable(),
    })
    .optional()
    .nullable(),
});
export type CustomFieldDefinition = z.output<typeof customFieldDefinitionSchema>;

export type CustomFieldValue = string | number | boolean | string[] | null;
export type CustomFieldValues = Record<string, CustomFieldValue>;

export const emergencyLimitPolicySchema = z.object({
  dailyLimit: z.union([z.number(), z.string()]).nullable().optional(),
  monthlyLimit: z.union([z.number(), z.string()]).nullable().optional(),
});
export type EmergencyLimitPolicy = { dailyLimit?: string | null; monthlyLimit?: string | null };

/** Field ids are derived from the label when missing or auto-generated ('field_…'), spec 001 §3. */
export function deriveFieldId(label: string, id?: string | null): string {
  if (id && !id.startsWith("field_")) return id;
  return label.toLowerCase().replace(/[^a-z0-9]/g, "_");
}

export const fieldSchemaSchema = z.array(customFieldDefinitionSchema).max(LIMITS.fieldsPerCategory, `At most ${LIMITS.fieldsPerCategory} fields`);

export type Category = {
  id: string;
  name: string;
  description: string | null;
  requiredApprovals: number;
  isBuiltin: boolean;
  isActive: boolean;
  fieldSchema: CustomFieldDefinition[];
  emergencyLimitPolicy: EmergencyLimitPolicy | null;
  createdAt: string;
  updatedAt: string;
};
