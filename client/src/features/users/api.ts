// User administration calls (spec 001 §7, DECISIONS §7). Both user screens share one cache.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@shared/constants";
import type { User } from "@shared/schemas/auth";
import { apiJson } from "@/lib/api";
import { POLLED } from "@/lib/query-client";

export const USERS_KEY = ["/api/admin/users"] as const;

export function useUsers(options: { refetchInterval?: number } = {}) {
  return useQuery<User[]>({
    queryKey: USERS_KEY,
    staleTime: 15_000,
    meta: options.refetchInterval ? POLLED : undefined,
    refetchInterval: options.refetchInterval,
  });
}

export type NewUser = {
  username: string;
  name: string;
  role: Role;
  password: string;
  visibilityWindowDays?: number;
  approvalLimit?: string | null;
  email?: string | null;
};
export type UserChanges = {
  username?: string;
  name?: string;
  role?: Role;
  visibilityWindowDays?: number;
  isActive?: boolean;
  approvalLimit?: string | null;
  email?: string | null;
};

export function useUserMutations() {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: USERS_KEY });
  return {
    create: useMutation({ mutationFn: (body: NewUser) => apiJson<User>("POST", "/api/admin/users", body), onSuccess: invalidate }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UserChanges }) => apiJson<User>("PUT", `/api/admin/users/${id}`, body),
      onSuccess: invalidate,
    }),
    changeUsername: useMutation({
      mutationFn: ({ id, newUsername }: { id: string; newUsername: string }) => apiJson<User>("PUT", `/api/admin/users/${id}/username`, { newUsername }),
      onSuccess: invalidate,
    }),
    changePassword: useMutation({
      mutationFn: ({ id, newPassword }: { id: string; newPassword: string }) => apiJson<unknown>("PUT", `/api/admin/users/${id}/password`, { newPassword }),
    }),
    resetPassword: useMutation({
      mutationFn: ({ id, newPassword, confirmPassword }: { id: string; newPassword: string; confirmPassword: string }) =>
        apiJson<unknown>("POST", `/api/admin/users/${id}/reset-password`, { newPassword, confirmPassword }),
    }),
    setStatus: useMutation({
      mutationFn: ({ id, isActive, reason }: { id: string; isActive: boolean; reason?: string }) =>
        apiJson<User>("PATCH", `/api/admin/users/${id}/status`, { isActive, reason }),
      onSuccess: invalidate,
    }),
    resetSecondFactor: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) => apiJson<unknown>("POST", `/api/admin/users/${id}/second-factor/reset`, { reason }),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => apiJson<unknown>("DELETE", `/api/admin/users/${id}`), onSuccess: invalidate }),
  };
}

export const ROLE_BADGE: Record<Role, "purple" | "info" | "success" | "warning" | "secondary"> = {
  SuperAdmin: "purple",
  Approver: "info",
  Accountant: "success",
  "HR Admin": "warning",
  "HR Staff": "secondary",
  Employee: "secondary",
};
