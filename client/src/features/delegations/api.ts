// Delegation while away (DECISIONS §11): the delegations the user gave and received (a SuperAdmin:
// all), whom a delegation may name, and recording or ending one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@shared/constants";
import type { Delegation } from "@shared/schemas/delegations";
import { apiJson } from "@/lib/api";

export const DELEGATIONS_KEY = ["/api/delegations"] as const;

export function useDelegations() {
  return useQuery<Delegation[]>({ queryKey: DELEGATIONS_KEY, staleTime: 15_000 });
}

export type DelegateCandidate = { id: string; name: string; role: Role };

export function useDelegateCandidates() {
  return useQuery<DelegateCandidate[]>({ queryKey: ["/api/delegations/candidates"], staleTime: 60_000 });
}

export type NewDelegation = { delegatorId?: string; delegateId: string; from: string; to: string; reason: string };

export function useDelegationMutations() {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: DELEGATIONS_KEY });
  const create = useMutation({ mutationFn: (body: NewDelegation) => apiJson<Delegation>("POST", "/api/delegations", body), onSuccess: invalidate });
  const end = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => apiJson<Delegation>("DELETE", `/api/delegations/${id}`, { reason }),
    onSettled: invalidate,
  });
  return { create, end };
}
