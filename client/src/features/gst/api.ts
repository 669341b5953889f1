// The GST summary's calls (DECISIONS §12): the month's figures and their CSV. The transaction form's
// GST call (the company's state) lives with the form, in features/transactions/api.ts.
import { useQuery } from "@tanstack/react-query";
import type { GstSummary } from "@shared/schemas/gst";
import { throwIfResNotOk } from "@/lib/api";

export const gstSummaryKey = (month: string) => ["/api/gst/summary", { month }] as const;

export function useGstSummary(month: string) {
  return useQuery<GstSummary>({ queryKey: gstSummaryKey(month), enabled: /^\d{4}-\d{2}$/.test(month), placeholderData: (previous) => previous, staleTime: 0 });
}

/** GET /api/gst/summary/export?month, saved as gst_summary_YYYY-MM.csv. */
export async function downloadGstSummaryCsv(month: string): Promise<void> {
  const res = await fetch(`/api/gst/summary/export?month=${encodeURIComponent(month)}`, { credentials: "include", headers: { Accept: "text/csv" } });
  await throwIfResNotOk(res);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = `gst_summary_${month}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
