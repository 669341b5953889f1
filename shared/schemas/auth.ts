import { z } from "zod";
import type { authAnswer, userAnswer } from "../answers/people";

export const loginBodySchema = z.object({
  username: z.string({ message: "User ID is required" }).trim().min(1, "User ID is required").max(100),
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(1000),
});

/** A user as the API answers it: never the password hash. */
export type User = z.output<typeof userAnswer>;

export type AuthAnswer = z.output<typeof authAnswer>;
