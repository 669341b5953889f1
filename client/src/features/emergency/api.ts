// Calls of the emergency feature: public approval links (DECISIONS §5), the lockdown status and
// toggle (DECISIONS §3) and the three approver codes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL } from "@shared/constants";
import type { EmergencyStatus, EmergencyToggleAnswer } from "@shared/schemas/lockdown";
import type {
  EmergencyApproversAnswer,
  EmergencyDecisionAnswer,
  EmergencyDecisionBody,
  EmergencyLinkView,
  EmergencyPinAnswer,
} from "@shared/schemas/emergency";
import { apiJson } from "@/lib/api";
import { POLLED } from "@/lib/query-client";

export const emergencyKeys = {
  link: (token: string) => ["/api/emergency-approval", token] as const,
  status: ["/api/admin/emergency-status"] as const,
  approvers: ["/api/admin/emergency-approvers"] as const,
};

/** GET /api/emergency-approval/:token: public, never retried; its errors are the page's own (404, 410, 423). */
export function useEmergencyLink(token: string) {
  return useQuery<EmergencyLinkView>({
    queryKey: emergencyKeys.link(token),
    retry: false,
    meta: { globalErrors: false },
  });
}

/** POST /api/emergency-approval/:token {approverName, pin}. */
export function useEmergencyDecision(token: string) {
  return useMutation({
    mutationFn: (body: EmergencyDecisionBody) => apiJson<EmergencyDecisionAnswer>("POST", `/api/emergency-approval/${encodeURIComponent(token)}`, body),
    meta: { globalErrors: false },
  });
}

/** GET /api/admin/emergency-status, every 10 s on the control page (spec 001 §9). */
export function useEmergencyStatus(enabled = true) {
  return useQuery<EmergencyStatus>({
    queryKey: emergencyKeys.status,
    enabled,
    meta: POLLED,
    refetchInterval: POLL.emergencyStatusMs,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** POST /api/admin/emergency-toggle {enabled}. */
export function useEmergencyToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => apiJson<EmergencyToggleAnswer>("POST", "/api/admin/emergency-toggle", { enabled }),
    onSuccess: (answer) => {
      queryClient.setQueryData<EmergencyStatus>(emergencyKeys.status, (old) => ({
        enabled: answer.enabled,
        activatedAt: answer.activatedAt,
        activatedBy: old?.activatedBy ?? null,
      }));
      void queryClient.invalidateQueries({ queryKey: emergencyKeys.status });
    },
  });
}

export function useEmergencyApprovers(enabled = true) {
  return useQuery<EmergencyApproversAnswer>({ queryKey: emergencyKeys.approvers, enabled });
}

/** PUT /api/admin/emergency-approvers/:code/pin {pin}: the answer never carries the PIN; the list shows "PIN set". */
export function useSetApproverPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, pin }: { code: string; pin: string }) =>
      apiJson<EmergencyPinAnswer>("PUT", `/api/admin/emergency-approvers/${encodeURIComponent(code)}/pin`, { pin }),
    onSuccess: (answer) => {
      queryClient.setQueryData<EmergencyApproversAnswer>(emergencyKeys.approvers, (old) =>
        old ? { ...old, pinSet: { ...old.pinSet, [answer.code]: true } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: emergencyKeys.approvers });
    },
  });
}

/** PUT /api/admin/emergency-approvers {approvers: [three codes]}. */
export function useSaveEmergencyApprovers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approvers: string[]) => apiJson<EmergencyApproversAnswer>("PUT", "/api/admin/emergency-approvers", { approvers }),
    onSuccess: (answer) => queryClient.setQueryData(emergencyKeys.approvers, answer),
  });
}
