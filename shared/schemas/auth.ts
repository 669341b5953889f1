import { z } from "zod";
import type { Role } from "../constants";

export const loginBodySchema = z.object({
  username: z.string({ message: "User ID is required" }).trim().min(1, "User ID is required").max(100),
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(1000),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A user as the API answers it: never the password hash. */
export type User = {
  id: string;
  username: string;
  name: string;
  role: Role;
  isActive: boolean;
  visibilityWindowDays: number;
  createdAt: string;
};

export type AuthAnswer = { user: User };
