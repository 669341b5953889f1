// The employee's own calls (DECISIONS §15). Query keys follow the default fetcher:
// ['/api/me/attendance', {month}] → GET /api/me/attendance?month=….
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeaveRequest, LeaveRequestBody, MyLeave, MyMonth, Regularisation, RegularisationBody } from "@shared/schemas/me";
import type { MyClaims } from "@shared/schemas/me-claims";
import { apiJson } from "@/lib/api";

export const ME_KEYS = { month: ["/api/me/attendance"] as const, leave: ["/api/me/leave"] as const };

export function useMyMonth(month: string) {
  return useQuery<MyMonth>({ queryKey: [...ME_KEYS.month, { month }], placeholderData: (prev) => prev, retry: false });
}

/** GET /api/me/claims: an Employee login's expense claims (DECISIONS §15). */
export function useMyClaims() {
  return useQuery<MyClaims>({ queryKey: ["/api/me/claims"], retry: false });
}

export function useMyLeave(year: number) {
  return useQuery<MyLeave>({ queryKey: [...ME_KEYS.leave, { year }], placeholderData: (prev) => prev, retry: false });
}

function useRefreshMine() {
  const queryClient = useQueryClient();
  return () => Promise.all([ME_KEYS.month, ME_KEYS.leave].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useAskLeave() {
  const refresh = useRefreshMine();
  return useMutation({ mutationFn: (body: LeaveRequestBody) => apiJson<LeaveRequest>("POST", "/api/me/leave-requests", body), onSuccess: refresh });
}

export function useWithdrawLeave() {
  const refresh = useRefreshMine();
  return useMutation({ mutationFn: (id: string) => apiJson<LeaveRequest>("DELETE", `/api/me/leave-requests/${id}`), onSuccess: refresh });
}

export function useFixDay() {
  const refresh = useRefreshMine();
  return useMutation({ mutationFn: (body: RegularisationBody) => apiJson<Regularisation>("POST", "/api/me/regularisations", body), onSuccess: refresh });
}
