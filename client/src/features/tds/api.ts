// TDS on bills (DECISIONS §12): the SuperAdmin's natures and their changes, the active natures the
// party and transaction forms offer, the preview the transaction form asks as a bill is typed, and the
// quarter's register with its CSV.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TdsAnswer, TdsNature, TdsRegister } from "@shared/schemas/tds";
import { apiJson } from "@/lib/api";
import { downloadCsv } from "@/lib/download";

export const TDS_NATURES_KEY = ["/api/admin/tds-natures"] as const;
export const ACTIVE_TDS_NATURES_KEY = ["/api/tds/natures"] as const;

export function useTdsNatures() {
  return useQuery<TdsNature[]>({ queryKey: TDS_NATURES_KEY, staleTime: 15_000 });
}

/** The active natures, for the party form and the bill's TDS choice (Accountant, SuperAdmin). */
export function useActiveTdsNatures(enabled = true) {
  return useQuery<TdsNature[]>({ queryKey: ACTIVE_TDS_NATURES_KEY, staleTime: 60_000, enabled });
}

/** What POST and PUT send: rates as numbers, thresholds as money text or null. */
export type TdsNaturePayload = {
  name: string;
  legacySection: string;
  actReference: string;
  paymentCode: string | null;
  rateIndividual: number;
  rateOther: number;
  noPanRate: number;
  singleThreshold: string | null;
  yearlyThreshold: string | null;
  monthlyThreshold: string | null;
  onlyAboveThreshold: boolean;
  ledgerName: string;
  isActive?: boolean;
};

export type TdsNatureDeleted = { message: string; deactivated: boolean; nature?: TdsNature };

export function useTdsNatureMutations() {
  const qc = useQueryClient();
  const invalidate = () => Promise.all([qc.invalidateQueries({ queryKey: TDS_NATURES_KEY }), qc.invalidateQueries({ queryKey: ACTIVE_TDS_NATURES_KEY })]);
  return {
    create: useMutation({ mutationFn: (body: TdsNaturePayload) => apiJson<TdsNature>("POST", "/api/admin/tds-natures", body), onSuccess: invalidate }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Partial<TdsNaturePayload> }) =>
        apiJson<TdsNature>("PUT", `/api/admin/tds-natures/${encodeURIComponent(id)}`, body),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiJson<TdsNatureDeleted>("DELETE", `/api/admin/tds-natures/${encodeURIComponent(id)}`),
      onSettled: invalidate,
    }),
  };
}

/** The facts a preview reads, as typed (the server checks them). */
export type TdsPreviewFacts = { partyId: string; natureId: string; amount: string; taxableValue: string | null; date: string; transactionId: string | null };
export type TdsPreview = { tds: TdsAnswer; netPayable: string };

/** What a submission of these facts would deduct now; off until the facts are complete. */
export function useTdsPreview(facts: TdsPreviewFacts | null) {
  return useQuery<TdsPreview>({
    queryKey: ["/api/tds/preview", facts],
    queryFn: () => apiJson<TdsPreview>("POST", "/api/tds/preview", facts),
    enabled: facts !== null,
    staleTime: 15_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export const tdsRegisterKey = (quarter: string) => ["/api/tds/register", { quarter }] as const;

export function useTdsRegister(quarter: string) {
  return useQuery<TdsRegister>({ queryKey: tdsRegisterKey(quarter), placeholderData: (previous) => previous, staleTime: 0 });
}

/** GET /api/tds/register/export?quarter, saved as tds_register_yyyy-Qn.csv. */
export function downloadTdsRegisterCsv(quarter: string): Promise<void> {
  return downloadCsv(`/api/tds/register/export?quarter=${encodeURIComponent(quarter)}`, `tds_register_${quarter}.csv`);
}
