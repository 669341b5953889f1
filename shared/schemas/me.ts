// Employees see and ask for themselves (DECISIONS §15): logins for employees, the "Me" calls, and
// HR's inbox of requests. The rules of a leave are shared/leave.ts's, as for HR's leave register.
import { z } from "zod";
import { userAnswer, usernameSchema } from "./users";

// ---------------------------------------------------------------- logins for employees

/**
 * POST /api/hr/employees/:id/login: `{username?}` gives a new Employee-role login (the username
 * defaults from the name) with a one-time password; `{userId}` links an existing user instead.
 */
export const employeeLoginSchema = z
  .object({
    username: usernameSchema.optional(),
    userId: z.string().trim().pipe(z.guid("User is required")).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.username !== undefined && b.userId !== undefined) ctx.addIssue({ code: "custom", path: ["userId"], message: "Give a username for a new login, or a user to link, not both" });
  });

/** A new login: the password is shown this once. */
export const employeeLoginGivenAnswer = z.strictObject({ user: userAnswer, oneTimePassword: z.string() });
export const employeeLoginAnswer = z.union([employeeLoginGivenAnswer, z.strictObject({ user: userAnswer })]);
/** GET /api/hr/employees/:id/login: the user linked to the employee, or null. */
export const employeeLoginStatusAnswer = z.strictObject({ login: userAnswer.nullable() });
