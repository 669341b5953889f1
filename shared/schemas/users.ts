// Users (DECISIONS §3, §11): the admin's request bodies and the user as the API answers it.
import { z } from "zod";
import { LIMITS, ROLES } from "../constants";
import { multiLineText, singleLineText } from "./text";
import { moneySchema } from "./money";
import { instant, money, id } from "./answer-parts";

export const usernameSchema = z
  .string({ message: "Username is required" })
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
  .max(50, "Username must be at most 50 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "Username may contain only letters, digits, and . _ @ -");
// A display name is free text (DECISIONS §10); a username and a password are not.
export const personNameSchema = singleLineText("Name", { message: "Name is required" })
  .min(LIMITS.nameMin, `Name must be at least ${LIMITS.nameMin} characters`)
  .max(100, "Name must be at most 100 characters");
export const passwordSchema = z
  .string({ message: "Password is required" })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(200, "Password must be at most 200 characters");
/**
 * Where email notifications go (DECISIONS §14): an address, or null (or "") for none. Sending
 * nothing leaves it as it is.
 */
export const userEmailSchema = z
  .string({ message: "Email must be an email address" })
  .trim()
  .nullable()
  .transform((v) => (v === null || v === "" ? null : v))
  .pipe(z.email("Email must be an email address, such as priya@example.in").max(254, "Email must be at most 254 characters").nullable());
export const roleSchema = z.enum(ROLES, { message: `Role must be one of ${ROLES.join(", ")}` });
export const visibilityWindowSchema = z.coerce
  .number({ message: "Visibility window must be a number" })
  .int("Visibility window must be a whole number of days")
  .min(LIMITS.visibilityWindowMin, `Visibility window must be between ${LIMITS.visibilityWindowMin} and ${LIMITS.visibilityWindowMax} days`)
  .max(LIMITS.visibilityWindowMax, `Visibility window must be between ${LIMITS.visibilityWindowMin} and ${LIMITS.visibilityWindowMax} days`);

/**
 * The largest amount a user may approve (DECISIONS §11): a money string, or null for no limit.
 * Sending nothing leaves it as it is.
 */
export const approvalLimitSchema = z.union([
  z.null(),
  moneySchema({
    required: "Approval limit must be an amount, or null for no limit",
    invalid: "Approval limit must be an amount in rupees, such as 100000 or 250000.50",
    precision: "Approval limit can have at most 2 decimal places",
    tooLarge: "Approval limit is too large",
  }),
]);

export const createUserSchema = z.object({
  username: usernameSchema,
  name: personNameSchema,
  role: roleSchema,
  password: passwordSchema,
  visibilityWindowDays: visibilityWindowSchema.optional(),
  approvalLimit: approvalLimitSchema.optional(),
  email: userEmailSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
  username: usernameSchema.optional(),
  name: personNameSchema.optional(),
  role: roleSchema.optional(),
  visibilityWindowDays: visibilityWindowSchema.optional(),
  isActive: z.boolean({ message: "isActive must be true or false" }).optional(),
  approvalLimit: approvalLimitSchema.optional(),
  email: userEmailSchema.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserSchema>;

export const changeUsernameSchema = z.object({ newUsername: usernameSchema });
export const changePasswordSchema = z.object({ newPassword: passwordSchema });
export const resetPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: passwordSchema.optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
const statusReasonMessage = `The reason can be at most ${LIMITS.userStatusReasonMax} characters`;
/** PATCH /api/admin/users/:id/status: with an optional reason, kept in the audit entry (DECISIONS §16). */
export const userStatusSchema = z.object({
  isActive: z.boolean({ message: "isActive must be true or false" }),
  reason: multiLineText("Reason", { error: statusReasonMessage })
    .max(LIMITS.userStatusReasonMax, statusReasonMessage)
    .transform((s) => s || undefined)
    .optional(),
});

// ---------------------------------------------------------------- answers

/** A user as the API answers it: never the password hash. */
export const userAnswer = z.strictObject({
  id,
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  visibilityWindowDays: z.number().int(),
  /** The largest amount this user may approve (DECISIONS §11); null: no limit. */
  approvalLimit: money.nullable(),
  /** Where email notifications go (DECISIONS §14); null: none. */
  email: z.string().nullable(),
  /** The employee this user is (DECISIONS §15): they get the "Me" pages; null for none. */
  employeeId: id.nullable(),
  createdAt: instant,
});
export const usersAnswer = z.array(userAnswer);
export const userDeletedAnswer = z.strictObject({ message: z.string(), deleted: z.enum(["hard", "soft"]) });
