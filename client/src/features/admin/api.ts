// Admin dashboard calls (spec 001 §7; DECISIONS §3, §7).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL } from "@shared/constants";
import type { AdminStats } from "@shared/schemas/audit";
import { apiJson } from "@/lib/api";
import { POLLED } from "@/lib/query-client";

export type EmergencyStatus = { enabled: boolean; activatedAt: string | null; activatedBy?: string | null };

export const ADMIN_STATS_KEY = ["/api/admin/stats"] as const;
export const EMERGENCY_STATUS_KEY = ["/api/admin/emergency-status"] as const;

export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: ADMIN_STATS_KEY, staleTime: 15_000, meta: POLLED, refetchInterval: POLL.dashboardStatsMs });
}

export function useEmergencyStatus() {
  return useQuery<EmergencyStatus>({ queryKey: EMERGENCY_STATUS_KEY, staleTime: 0, meta: POLLED, refetchInterval: 30_000 });
}

export function useEmergencyToggle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiJson<{ message?: string; enabled: boolean; activatedAt: string | null }>("POST", "/api/admin/emergency-toggle", { enabled }),
    onSuccess: (answer) => {
      qc.setQueryData<EmergencyStatus>(EMERGENCY_STATUS_KEY, (old) => ({ ...old, enabled: answer.enabled, activatedAt: answer.activatedAt }));
      void qc.invalidateQueries({ queryKey: EMERGENCY_STATUS_KEY });
      void qc.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    },
  });
}
