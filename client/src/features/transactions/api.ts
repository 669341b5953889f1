// The finance calls of the client (spec 000 §7, DECISIONS §4): query keys and hooks for the
// transaction list, one transaction, the pending list, dashboard stats and categories, and every
// mutation. After each successful mutation the list, the single transaction, the pending list and
// the dashboard stats are refreshed (spec 000 §7) through `invalidateFinance`.
import { currentTime } from "@/lib/clock";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { POLL, type PaymentMethod, type Role } from "@shared/constants";
import type { Category } from "@shared/schemas/categories";
import type {
  AttachmentUploadUrlResponse,
  CreateTransactionBody,
  DashboardStats,
  EditTransactionBody,
  PendingTransaction,
  Transaction,
  TransactionDetailExtras,
  TransactionListResponse,
} from "@shared/schemas/transactions";
import type { PossibleDuplicate } from "@shared/schemas/transaction-tools";
import type { EmergencyLinksAnswer } from "@shared/schemas/emergency";
import { toIsoDate } from "@shared/format";
import { apiJson } from "@/lib/api";
import { POLLED } from "@/lib/query-client";
import { downloadCsv } from "@/lib/download";

// ---------------------------------------------------------------- keys

/** Every transaction query starts with this segment, so one invalidation refreshes them all. */
export const TRANSACTIONS_KEY = "/api/transactions";
export const DASHBOARD_STATS_KEY = ["/api/dashboard/stats"] as const;
export const ADMIN_USERS_KEY = ["/api/admin/users"] as const;

export type TransactionListParams = {
  search?: string;
  status?: string;
  categoryId?: string;
  createdBy?: string;
  /** Only Payment Due transactions past their due date (DECISIONS §4). */
  overdue?: boolean;
  page?: number;
  limit?: number;
};

export const transactionKeys = {
  list: (params: TransactionListParams) => [TRANSACTIONS_KEY, params] as const,
  detail: (id: string) => [TRANSACTIONS_KEY, id] as const,
  pending: () => [TRANSACTIONS_KEY, "pending"] as const,
};

/** Refreshes the transaction lists, single transactions, the pending list and the dashboard stats. */
export async function invalidateFinance(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [TRANSACTIONS_KEY] }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
    // An employee's own claims (DECISIONS §15: GET /api/me/claims).
    queryClient.invalidateQueries({ queryKey: ["/api/me/claims"] }),
  ]);
}

// ---------------------------------------------------------------- extra answer fields

export type { PossibleDuplicate };

/** GET /api/transactions/:id: the moves this user may make now and the timeline come from the server. */
export type TransactionDetail = Transaction &
  TransactionDetailExtras & {
    category: Transaction["category"] & { fieldSchema?: Category["fieldSchema"] };
    possibleDuplicates?: PossibleDuplicate[];
  };

export type PendingItem = PendingTransaction & { possibleDuplicates?: PossibleDuplicate[] };

export type AdminUser = { id: string; name: string; username: string; role: Role; isActive: boolean };

// ---------------------------------------------------------------- queries

export function useTransactionList(params: TransactionListParams, options: { enabled?: boolean } = {}) {
  return useQuery<TransactionListResponse>({
    queryKey: transactionKeys.list(params),
    enabled: options.enabled ?? true,
    placeholderData: (previous) => previous,
  });
}

/** One transaction with category fields, creator, approvals of every round and attachments. */
export function useTransaction(id: string | null | undefined) {
  return useQuery<TransactionDetail>({
    queryKey: transactionKeys.detail(id ?? ""),
    enabled: Boolean(id),
    // Opening a transaction always shows its current state.
    staleTime: 0,
  });
}

/** Dashboard stats, refetched every 30 s, also in the background (spec 000 §4). */
export function useDashboardStats() {
  return useQuery<DashboardStats>({
    queryKey: DASHBOARD_STATS_KEY,
    meta: POLLED,
    refetchInterval: POLL.dashboardStatsMs,
    refetchIntervalInBackground: true,
  });
}

/** GET /api/admin/users (SuperAdmin): the owner picker and the creator filter. */
export function useAdminUsers(enabled: boolean) {
  return useQuery<AdminUser[]>({ queryKey: ADMIN_USERS_KEY, enabled });
}

// ---------------------------------------------------------------- calls

const txUrl = (id: string, suffix = "") => `/api/transactions/${encodeURIComponent(id)}${suffix}`;

export const transactionApi = {
  get: (id: string) => apiJson<TransactionDetail>("GET", txUrl(id)),
  create: (body: CreateTransactionBody) => apiJson<Transaction>("POST", "/api/transactions", body),
  edit: (id: string, body: EditTransactionBody) => apiJson<Transaction>("PATCH", txUrl(id), body),
  submit: (id: string) => apiJson<Transaction>("POST", txUrl(id, "/submit"), {}),
  approve: (id: string) => apiJson<unknown>("POST", txUrl(id, "/approve"), {}),
  reject: (id: string, reason: string) => apiJson<unknown>("POST", txUrl(id, "/reject"), { reason: reason.trim() || null }),
  remove: (id: string) => apiJson<unknown>("DELETE", txUrl(id)),
  removeApproval: (approvalId: string, reason: string) => apiJson<unknown>("DELETE", `/api/approvals/${encodeURIComponent(approvalId)}`, { reason }),
  bulkApprove: (ids: string[]) => apiJson<BulkApproveResponse>("POST", "/api/transactions/bulk-approve", { ids }),
  checkDuplicates: (body: { categoryId: string; amount: string; transactionDate: string }, signal?: AbortSignal) =>
    apiJson<{ duplicates: PossibleDuplicate[] }>("POST", "/api/transactions/check-duplicates", body, { signal }),
  processPayment: (id: string, body: ProcessPaymentInput) => apiJson<unknown>("PATCH", txUrl(id, "/payment"), body),
  cancelPayment: (id: string) =>
    apiJson<unknown>("PATCH", txUrl(id, "/payment"), {
      isPaid: false,
      paymentMethod: null,
      paymentReference: null,
      paymentNotes: null,
      paidBy: null,
      paidDate: null,
    }),
  markPaymentDue: (id: string, dueDate: string | null) => apiJson<unknown>("POST", txUrl(id, "/mark-payment-due"), dueDate ? { dueDate } : {}),
  complete: (id: string) => apiJson<unknown>("POST", txUrl(id, "/complete"), {}),
  emergencyLinks: (id: string) => apiJson<EmergencyLinksAnswer>("POST", txUrl(id, "/emergency-links")),
  fullOverride: (id: string, body: Record<string, unknown>) => apiJson<unknown>("PUT", `/api/admin/transactions/${encodeURIComponent(id)}/full-override`, body),
  forceStatus: (id: string, status: string, reason: string) =>
    apiJson<unknown>("POST", `/api/admin/transactions/${encodeURIComponent(id)}/force-status`, { status, reason }),
  changeOwner: (id: string, newOwnerId: string, reason: string) =>
    apiJson<unknown>("POST", `/api/admin/transactions/${encodeURIComponent(id)}/change-owner`, { newOwnerId, reason }),
  removeAttachment: (attachmentId: string) => apiJson<unknown>("DELETE", `/api/attachments/${encodeURIComponent(attachmentId)}`),
};

export type ProcessPaymentInput = {
  paymentMethod: PaymentMethod;
  paymentReference: string | null;
  paymentNotes: string | null;
  paidDate: string | null;
};

export type BulkApproveResult = { id: string; humanReadableId?: string; ok: boolean; status?: string; message?: string };
export type BulkApproveResponse = { results: BulkApproveResult[] };

/**
 * A mutation that refreshes every finance query when it succeeds (spec 000 §7). The screen passes
 * its own onSuccess/onError for toasts.
 */
export function useFinanceMutation<TVariables, TData = unknown>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateFinance(queryClient),
  });
}

// ---------------------------------------------------------------- attachments

export function attachmentDownloadUrl(attachmentId: string): string {
  return `/api/attachments/${encodeURIComponent(attachmentId)}/download`;
}

/** Opens an attachment's download address in a new tab (spec 000 §2). */
export function openAttachment(attachmentId: string) {
  window.open(attachmentDownloadUrl(attachmentId), "_blank", "noopener,noreferrer");
}

/**
 * PUT the bytes to a signed upload URL with progress (0..1). XMLHttpRequest because fetch cannot
 * report upload progress. No CSRF header (the URL is token-authorised) and withCredentials false:
 * a same-origin URL gets the page's cookies anyway, a cloud storage URL must get none.
 */
export function putWithProgress(
  url: string,
  file: File,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.withCredentials = false;
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    // What the URL was signed with besides the type (cloud storage: the allowed size range).
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        let message = xhr.statusText || "Upload failed";
        try {
          const body = JSON.parse(xhr.responseText) as { message?: string };
          if (body?.message) message = body.message;
        } catch {
          if (xhr.responseText && xhr.responseText.length < 200) message = xhr.responseText;
        }
        reject(new Error(`${xhr.status}: ${JSON.stringify({ message })}`));
      }
    };
    xhr.onerror = () => reject(new Error("Upload failed: network error"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Upload URL → PUT with progress → register; the whole attachment flow of DECISIONS §4. */
export async function uploadAttachment(transactionId: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const contentType = file.type || "application/octet-stream";
  const { uploadURL, objectPath, uploadHeaders } = await apiJson<AttachmentUploadUrlResponse>("POST", txUrl(transactionId, "/attachments/upload-url"), {
    fileName: file.name,
    contentType,
  });
  await putWithProgress(uploadURL, file, uploadHeaders ?? {}, onProgress);
  await apiJson<unknown>("POST", txUrl(transactionId, "/attachments"), {
    fileName: file.name,
    objectPath,
    fileSizeBytes: file.size,
    mimeType: contentType,
  });
}

// ---------------------------------------------------------------- GST

export type GstContext = { companyStateCode: string | null };

/**
 * GET /api/gst/context: the company's state, which decides CGST + SGST or IGST as a bill's GST is
 * typed; read again each time a form needs it, since a SuperAdmin may have just set it.
 */
export function useGstContext(enabled: boolean) {
  return useQuery<GstContext>({ queryKey: ["/api/gst/context"], enabled, staleTime: 0 });
}

// ---------------------------------------------------------------- export

/** GET /api/transactions/export?format=csv with the list's filters, saved as transactions_{date}.csv. */
export async function downloadTransactionsCsv(filters: Omit<TransactionListParams, "page" | "limit">): Promise<void> {
  const params = new URLSearchParams({ format: "csv" });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  await downloadCsv(`/api/transactions/export?${params.toString()}`, `transactions_${toIsoDate(currentTime())}.csv`);
}
