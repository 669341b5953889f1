// The HR module's calls (spec 001 §7, DECISIONS §8). Query keys follow the default fetcher:
// ['/api/hr/employees', {page, search}] → GET /api/hr/employees?page=…&search=….
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL } from "@shared/constants";
import type {
  AttendanceEdit,
  AttendancePolicy,
  Department,
  Employee,
  EmployeeCreate,
  EmployeeDetailsResponse,
  EmployeeListResponse,
  EmployeeUpdate,
  HrDashboardStats,
  ImportResult,
  NameMapping,
  NameMappingInput,
  PayrollReport,
} from "@shared/schemas/hr";
import type { Leave, LeaveListResponse, RecordLeaveInput } from "@shared/schemas/leave";
import { ApiError, apiJson } from "@/lib/api";
import { POLLED } from "@/lib/query-client";

export const HR_KEYS = {
  stats: ["/api/hr/dashboard/stats"] as const,
  employees: ["/api/hr/employees"] as const,
  departments: ["/api/hr/departments"] as const,
  attendance: ["/api/hr/attendance"] as const,
  details: ["/api/hr/employee-details"] as const,
  policy: ["/api/hr/attendance-policy"] as const,
  payroll: ["/api/hr/reports/payroll"] as const,
  nameMappings: ["/api/hr/name-mappings"] as const,
  leaves: ["/api/hr/leaves"] as const,
};

// ---------------------------------------------------------------- the leave register (DECISIONS §8)

/** Everyone's leave touching a month, optionally of one department. */
export function useMonthLeaves(month: string, departmentId?: string) {
  return useQuery<LeaveListResponse>({ queryKey: [...HR_KEYS.leaves, { month, departmentId: departmentId || undefined }], placeholderData: (prev) => prev });
}

/** One employee's leave of a year, with the paid-leave balance. */
export function useEmployeeLeave(employeeId: string | null, year: number) {
  return useQuery<LeaveListResponse>({ queryKey: [...HR_KEYS.leaves, { employeeId: employeeId ?? "", year }], enabled: Boolean(employeeId) });
}

/** Leave changes days, deductions, balances and today's figures: all of those are refreshed. */
const LEAVE_AFFECTS = [HR_KEYS.leaves, HR_KEYS.attendance, HR_KEYS.details, HR_KEYS.payroll, HR_KEYS.stats] as const;

export function useRecordLeave() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: RecordLeaveInput) => apiJson<{ leave: Leave }>("POST", "/api/hr/leaves", body),
    onSuccess: () => invalidate(...LEAVE_AFFECTS),
  });
}

export function useCancelLeave() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => apiJson<{ leave: Leave }>("DELETE", `/api/hr/leaves/${id}`, { reason }),
    onSuccess: () => invalidate(...LEAVE_AFFECTS),
  });
}

export function useHrStats() {
  return useQuery<HrDashboardStats>({ queryKey: HR_KEYS.stats, meta: POLLED, refetchInterval: POLL.hrStatsMs, staleTime: 0 });
}

export type EmployeeFilters = { page?: number; limit?: number; search?: string; department?: string; status?: "all" | "active" | "inactive" };

export function useEmployees(filters: EmployeeFilters) {
  return useQuery<EmployeeListResponse>({ queryKey: [...HR_KEYS.employees, filters], placeholderData: (prev) => prev, staleTime: 30_000 });
}

/** Every employee for pickers (the list is paged on the server; 200 is its maximum page). */
export function useAllEmployees(status: "all" | "active" = "all") {
  return useQuery<EmployeeListResponse>({ queryKey: [...HR_KEYS.employees, { limit: 200, status }], staleTime: 60_000 });
}

export function useDepartments() {
  return useQuery<Department[]>({ queryKey: HR_KEYS.departments, staleTime: 60_000 });
}

function useInvalidate() {
  const qc = useQueryClient();
  return (...keys: readonly (readonly string[])[]) => Promise.all(keys.map((key) => qc.invalidateQueries({ queryKey: key })));
}

export function useCreateEmployee() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EmployeeCreate) => apiJson<Employee>("POST", "/api/hr/employees", body),
    onSuccess: () => invalidate(HR_KEYS.employees, HR_KEYS.stats),
  });
}

export function useUpdateEmployee() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EmployeeUpdate }) => apiJson<Employee>("PUT", `/api/hr/employees/${id}`, body),
    onSuccess: () => invalidate(HR_KEYS.employees, HR_KEYS.stats, HR_KEYS.details, HR_KEYS.payroll),
  });
}

export function useCreateDepartment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => apiJson<Department>("POST", "/api/hr/departments", { name }),
    onSuccess: () => invalidate(HR_KEYS.departments),
  });
}

export function useUpdateAttendance() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AttendanceEdit }) => apiJson<unknown>("PUT", `/api/hr/attendance/${id}`, body),
    onSuccess: () => invalidate(HR_KEYS.attendance, HR_KEYS.details, HR_KEYS.stats, HR_KEYS.payroll),
  });
}

export function useEmployeeDetails(employeeId: string | null, month: string) {
  return useQuery<EmployeeDetailsResponse>({
    queryKey: [...HR_KEYS.details, employeeId ?? "", { month }],
    enabled: Boolean(employeeId),
    placeholderData: (prev) => (prev?.employee.id === employeeId ? prev : undefined),
    staleTime: 15_000,
  });
}

export function useAttendancePolicy() {
  return useQuery<AttendancePolicy>({ queryKey: HR_KEYS.policy, staleTime: 60_000 });
}

export function useSaveAttendancePolicy() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AttendancePolicy) => apiJson<AttendancePolicy>("PUT", "/api/hr/attendance-policy", body),
    onSuccess: () => invalidate(HR_KEYS.policy, HR_KEYS.attendance, HR_KEYS.details, HR_KEYS.payroll, HR_KEYS.stats),
  });
}

export function usePayrollReport(month: string) {
  return useQuery<PayrollReport>({ queryKey: [...HR_KEYS.payroll, { month }], placeholderData: (prev) => prev, staleTime: 30_000 });
}

export function useNameMappings() {
  return useQuery<NameMapping[]>({ queryKey: HR_KEYS.nameMappings, staleTime: 30_000 });
}

export function useCreateNameMapping() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: NameMappingInput) => apiJson<NameMapping>("POST", "/api/hr/name-mappings", body),
    onSuccess: () => invalidate(HR_KEYS.nameMappings),
  });
}

export function useDeleteNameMapping() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiJson<unknown>("DELETE", `/api/hr/name-mappings/${id}`),
    onSuccess: () => invalidate(HR_KEYS.nameMappings),
  });
}

/** Every query an import may change. */
export function useInvalidateAfterImport() {
  const invalidate = useInvalidate();
  return () => invalidate(HR_KEYS.attendance, HR_KEYS.details, HR_KEYS.stats, HR_KEYS.payroll);
}

export type UploadPhase = "uploading" | "processing";

/**
 * POST /api/hr/import/upload as multipart through XMLHttpRequest, so the upload's progress can be
 * shown (fetch has no upload progress). `onProgress(percent)` while the file travels, then
 * `onPhase('processing')` once it has arrived and the server works. Rejects with an ApiError.
 */
export function uploadAttendanceCsv(
  { file, month, dryRun, coveredThrough }: { file: File; month: string; dryRun?: boolean; coveredThrough?: string },
  handlers: { onProgress?: (percent: number) => void; onPhase?: (phase: UploadPhase) => void; signal?: AbortSignal } = {},
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("month", month);
    if (dryRun) form.append("dryRun", "true");
    if (coveredThrough) form.append("coveredThrough", coveredThrough);
    form.append("csvFile", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/hr/import/upload");
    xhr.withCredentials = true;
    xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    xhr.setRequestHeader("Accept", "application/json");
    handlers.onPhase?.("uploading");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) handlers.onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.upload.onload = () => {
      handlers.onProgress?.(100);
      handlers.onPhase?.("processing");
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportResult);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.statusText || "Upload failed", xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new Error("Upload failed"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    handlers.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}
