// Categories (spec 001 §3, DECISIONS §4, §7): their custom fields, request bodies and answers.
import { z } from "zod";
import { FIELD_TYPES, LIMITS } from "../constants";
import { deriveFieldId } from "../custom-fields";
import { readMoney } from "../money";
import { multiLineText, singleLineText } from "./text";
import { id, instant, money } from "./answer-parts";

// A custom field of a category (spec 001 §3). Values entered for these fields are validated
// on the server against the definition (DECISIONS §4).
export const customFieldDefinitionSchema = z.object({
  id: singleLineText("Field id").max(100).optional().default(""),
  label: singleLineText("Field label").min(1, "Field label is required").max(200),
  type: z.enum(FIELD_TYPES),
  placeholder: singleLineText("Placeholder").max(500).optional().nullable(),
  required: z.boolean().optional().default(false),
  options: z.array(singleLineText("Option").min(1).max(200)).max(200).optional(),
  validation: z
    .object({
      min: z.number().int().min(0).max(100000).optional().nullable(),
      max: z.number().int().min(0).max(100000).optional().nullable(),
      message: singleLineText("Validation message").max(500).optional().nullable(),
    })
    .optional()
    .nullable(),
});
export type CustomFieldDefinition = z.output<typeof customFieldDefinitionSchema>;

export type { CustomFieldValue, CustomFieldValues } from "../custom-fields";

export type EmergencyLimitPolicy = { dailyLimit?: string | null; monthlyLimit?: string | null };

export type Category = z.output<typeof categoryAnswer>;

// ---------------------------------------------------------------- request bodies (DECISIONS §7)

export const CATEGORY_MESSAGES = {
  nameRequired: "Category name is required",
  nameTooLong: "Category name must be at most 100 characters",
  requiredApprovals: `Required approvals must be a whole number from ${LIMITS.requiredApprovalsMin} to ${LIMITS.requiredApprovalsMax}`,
  tooManyFields: `At most ${LIMITS.fieldsPerCategory} fields`,
  optionsRequired: "Dropdown and multiple choice fields need at least one option",
  duplicateFieldId: "Field ids must be unique within a category",
  minAboveMax: "Minimum length cannot be greater than maximum length",
  limitInvalid: "Limit must be a positive amount with at most 2 decimals",
} as const;

// A limit is a money amount (decimal string, ≤ 2 fraction digits) or empty for "no limit".
const emergencyLimitSchema = z.unknown().transform((input, ctx): string | null => {
  if (input === undefined || input === null || (typeof input === "string" && input.trim() === "")) return null;
  const reading = readMoney(input);
  if (reading.ok && reading.paise > 0n) return reading.value;
  ctx.addIssue({ code: "custom", message: CATEGORY_MESSAGES.limitInvalid, input });
  return z.NEVER;
});

/** The policy as stored: both limits normalised ("5000.00") or null; null as a whole when neither is set. */
export const emergencyLimitPolicyInputSchema = z
  .object({ dailyLimit: emergencyLimitSchema.optional(), monthlyLimit: emergencyLimitSchema.optional() })
  .nullable()
  .transform((p): EmergencyLimitPolicy | null => {
    if (!p) return null;
    const dailyLimit = (p.dailyLimit as string | null | undefined) ?? null;
    const monthlyLimit = (p.monthlyLimit as string | null | undefined) ?? null;
    return dailyLimit === null && monthlyLimit === null ? null : { dailyLimit, monthlyLimit };
  });

const SELECT_TYPES = new Set(["select", "multiselect"]);

/**
 * A category's whole field list as the designer saves it: ids derived from labels (spec 001 §3),
 * unique within the category, options only on select and multiselect (at least one there),
 * at most 50 fields. One issue per bad field.
 */
export const categoryFieldSchemaInput = z
  .array(customFieldDefinitionSchema, { message: "fieldSchema must be a list of fields" })
  .max(LIMITS.fieldsPerCategory, CATEGORY_MESSAGES.tooManyFields)
  .transform((fields, ctx): CustomFieldDefinition[] => {
    const seen = new Map<string, number>();
    const out: CustomFieldDefinition[] = [];
    fields.forEach((field, index) => {
      const id = deriveFieldId(field.label, field.id);
      if (seen.has(id)) {
        ctx.addIssue({ code: "custom", path: [index, "id"], message: `${CATEGORY_MESSAGES.duplicateFieldId}: "${id}"` });
      }
      seen.set(id, index);
      const isSelect = SELECT_TYPES.has(field.type);
      const options = isSelect ? [...new Set(field.options ?? [])] : undefined;
      if (isSelect && options!.length === 0) {
        ctx.addIssue({ code: "custom", path: [index, "options"], message: CATEGORY_MESSAGES.optionsRequired });
      }
      const v = field.validation;
      if (v && v.min != null && v.max != null && v.min > v.max) {
        ctx.addIssue({ code: "custom", path: [index, "validation", "min"], message: CATEGORY_MESSAGES.minAboveMax });
      }
      out.push({
        id,
        label: field.label,
        type: field.type,
        placeholder: field.placeholder ?? null,
        required: field.required,
        ...(isSelect ? { options } : {}),
        ...(v ? { validation: { min: v.min ?? null, max: v.max ?? null, message: v.message ?? null } } : {}),
      });
    });
    return out;
  });

const categoryNameSchema = singleLineText("Category name", { message: CATEGORY_MESSAGES.nameRequired })
  .min(1, CATEGORY_MESSAGES.nameRequired)
  .max(100, CATEGORY_MESSAGES.nameTooLong);
const descriptionSchema = multiLineText("Description", { message: "Description must be text" })
  .max(1000, "Description must be at most 1000 characters")
  .nullable()
  .optional()
  .transform((d) => (d ? d : null));
const requiredApprovalsSchema = z.coerce
  .number({ message: CATEGORY_MESSAGES.requiredApprovals })
  .int(CATEGORY_MESSAGES.requiredApprovals)
  .min(LIMITS.requiredApprovalsMin, CATEGORY_MESSAGES.requiredApprovals)
  .max(LIMITS.requiredApprovalsMax, CATEGORY_MESSAGES.requiredApprovals);

export const createCategorySchema = z.object({
  name: categoryNameSchema,
  description: descriptionSchema,
  requiredApprovals: requiredApprovalsSchema.optional(),
  emergencyLimitPolicy: emergencyLimitPolicyInputSchema.optional(),
  /** DECISIONS §15: employees may file expense claims in it; set by a SuperAdmin only. */
  openToClaims: z.boolean({ message: "openToClaims must be true or false" }).optional(),
  fieldSchema: categoryFieldSchemaInput.optional(),
});
export type CreateCategoryBody = z.output<typeof createCategorySchema>;

export const updateCategorySchema = z.object({
  name: categoryNameSchema,
  description: descriptionSchema,
  requiredApprovals: requiredApprovalsSchema.optional(),
  emergencyLimitPolicy: emergencyLimitPolicyInputSchema.optional(),
  /** DECISIONS §15: employees may file expense claims in it; set by a SuperAdmin only. */
  openToClaims: z.boolean({ message: "openToClaims must be true or false" }).optional(),
  isActive: z.boolean({ message: "isActive must be true or false" }).optional(),
});
export type UpdateCategoryBody = z.output<typeof updateCategorySchema>;

export const updateCategoryFieldsSchema = z.object({
  fieldSchema: categoryFieldSchemaInput,
});
export type UpdateCategoryFieldsBody = z.output<typeof updateCategoryFieldsSchema>;

// ---------------------------------------------------------------- answers

export const customFieldValuesAnswer = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]));
export const categoryAnswer = z.strictObject({
  id,
  name: z.string(),
  description: z.string().nullable(),
  requiredApprovals: z.number().int(),
  isBuiltin: z.boolean(),
  isActive: z.boolean(),
  fieldSchema: z.array(customFieldDefinitionSchema),
  emergencyLimitPolicy: z.strictObject({ dailyLimit: money.nullable().optional(), monthlyLimit: money.nullable().optional() }).nullable(),
  /** DECISIONS §15: open to employees' expense claims. */
  openToClaims: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export const categoriesAnswer = z.array(categoryAnswer);
