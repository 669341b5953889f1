// The books' calls (DECISIONS §12): ledger names (SuperAdmin) and export batches.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateExportBody, ExportBatchAnswer, ExportBatchesAnswer, LedgersAnswer, UpdateLedgersBody } from "@shared/schemas/accounting";
import { apiJson } from "@/lib/api";

export const LEDGERS_KEY = ["/api/admin/ledgers"] as const;
export const EXPORTS_KEY = ["/api/accounting/exports"] as const;

export function useLedgers() {
  return useQuery<LedgersAnswer>({ queryKey: LEDGERS_KEY, staleTime: 30_000 });
}

export function useSaveLedgers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLedgersBody) => apiJson<LedgersAnswer>("PUT", "/api/admin/ledgers", body),
    onSuccess: (answer) => qc.setQueryData(LEDGERS_KEY, answer),
  });
}

export function useExports() {
  return useQuery<ExportBatchesAnswer>({ queryKey: EXPORTS_KEY, staleTime: 10_000 });
}

export function useExportMutations() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: EXPORTS_KEY });
  return {
    create: useMutation({ mutationFn: (body: CreateExportBody) => apiJson<ExportBatchAnswer>("POST", "/api/accounting/exports", body), onSuccess: refresh }),
    voidBatch: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        apiJson<ExportBatchAnswer>("POST", `/api/accounting/exports/${encodeURIComponent(id)}/void`, { reason }),
      onSuccess: refresh,
    }),
  };
}

/** The batch's file; the server names it (Content-Disposition) and streams it. */
export const exportFileUrl = (id: string) => `/api/accounting/exports/${encodeURIComponent(id)}/file`;
export const exportMastersUrl = (id: string) => `/api/accounting/exports/${encodeURIComponent(id)}/masters`;
