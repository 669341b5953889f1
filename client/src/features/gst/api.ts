// The GST summary's calls (DECISIONS §12): the month's figures and their CSV. The transaction form's
// GST call (the company's state) lives with the form, in features/transactions/api.ts.
import { useQuery } from "@tanstack/react-query";
import type { GstSummary } from "@shared/schemas/gst";
import { downloadCsv } from "@/lib/download";

export const gstSummaryKey = (month: string) => ["/api/gst/summary", { month }] as const;

export function useGstSummary(month: string) {
  return useQuery<GstSummary>({ queryKey: gstSummaryKey(month), enabled: /^\d{4}-\d{2}$/.test(month), placeholderData: (previous) => previous, staleTime: 0 });
}

/** GET /api/gst/summary/export?month, saved as gst_summary_YYYY-MM.csv. */
export function downloadGstSummaryCsv(month: string): Promise<void> {
  return downloadCsv(`/api/gst/summary/export?month=${encodeURIComponent(month)}`, `gst_summary_${month}.csv`);
}
