// What the Attendance page shows (spec 001 §2): a day or a range, the filters, the records and
// their summary. Ranges are read month by month (the API takes a date or a month, DECISIONS §8) and
// narrowed to the range here; the name search is the browser's.
import { useMemo, useState } from "react";
import { useQueries } from "@tanstack/react-query";
import { useSearch } from "wouter";
import { countAttendanceDays } from "@shared/attendance-days";
import type { AttendanceListResponse, AttendanceRecord, AttendanceSummary } from "@shared/schemas/hr";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { downloadCsv } from "@/lib/download";
import { HR_KEYS, useAllEmployees, useDepartments } from "../../api";
import { monthsBetween } from "@shared/calendar";
import { currentMonth, todayIso } from "../../lib/dates";

function summarise(records: AttendanceRecord[], totalEmployees: number): AttendanceSummary {
  return { totalEmployees, ...countAttendanceDays(records) };
}

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return q.toString();
}

export function useAttendanceView() {
  const search = new URLSearchParams(useSearch());
  const initialStatus = search.get("status") ?? "all";
  const today = todayIso();
  // A link asking for a status (e.g. Pending Review from the dashboard) looks at the whole month.
  const [from, setFrom] = useState(initialStatus !== "all" ? `${currentMonth()}-01` : today);
  const [to, setTo] = useState(today);
  const [employeeId, setEmployeeId] = useState("all");
  const [nameSearch, setNameSearch] = useState("");
  const [departmentId, setDepartmentId] = useState("all");
  const [status, setStatus] = useState(initialStatus);
  const [exporting, setExporting] = useState(false);

  const departments = useDepartments();
  const employees = useAllEmployees();
  const rangeError = from && to && from > to ? "The From date is after the To date" : null;
  const single = from === to;
  const filters = {
    employeeId: employeeId === "all" ? undefined : employeeId,
    departmentId: departmentId === "all" ? undefined : departmentId,
    status: status === "all" ? undefined : status,
  };
  const periods = !from || !to || rangeError ? [] : single ? [{ date: from }] : monthsBetween(from, to).map((month) => ({ month }));
  const results = useQueries({
    queries: periods.map((p) => ({ queryKey: [...HR_KEYS.attendance, { ...p, ...filters }], staleTime: 15_000 })),
  });

  // The recorded range of the newest month shown (DECISIONS §8): the days after it are Not recorded.
  const newest = results.at(-1)?.data as AttendanceListResponse | undefined;
  const { records, summary } = useMemo(() => {
    const answers = results.map((r) => r.data as AttendanceListResponse | undefined).filter(Boolean) as AttendanceListResponse[];
    let all = answers.flatMap((a) => a.attendance).filter((r) => r.date >= from && r.date <= to);
    const needle = nameSearch.trim().toLowerCase();
    if (needle) all = all.filter((r) => r.employee?.employeeName?.toLowerCase().includes(needle) || r.employee?.employeeCode?.toLowerCase().includes(needle));
    all.sort((a, b) => b.date.localeCompare(a.date) || (a.employee?.employeeName ?? "").localeCompare(b.employee?.employeeName ?? ""));
    // Every employee active on a day is listed (DECISIONS §8), so the list itself says who counts.
    const s = single && answers[0] && !needle ? answers[0].summary : summarise(all, new Set(all.map((r) => r.employeeId)).size);
    return { records: all, summary: s };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results.map((r) => r.dataUpdatedAt).join(","), from, to, nameSearch, single]);

  const showToday = () => {
    setFrom(today);
    setTo(today);
  };

  const clear = () => {
    setFrom(today);
    setTo(today);
    setEmployeeId("all");
    setNameSearch("");
    setDepartmentId("all");
    setStatus("all");
  };

  const exportCsv = async () => {
    const fileName = single ? `attendance_${from}.csv` : `attendance_${from}_to_${to}.csv`;
    setExporting(true);
    try {
      const params = single ? { date: from } : { from, to };
      await downloadCsv(`/api/hr/attendance/export.csv?${query({ ...params, ...filters })}`, fileName);
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to export attendance"), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  };

  return {
    filters: { from, to, employeeId, nameSearch, departmentId, status },
    setFrom,
    setTo,
    setEmployeeId,
    setNameSearch,
    setDepartmentId,
    setStatus,
    showToday,
    clear,
    rangeError,
    single,
    employees: employees.data?.employees ?? [],
    departments: departments.data ?? [],
    records,
    summary,
    newest,
    loading: results.some((r) => r.isLoading),
    fetching: results.some((r) => r.isFetching),
    failed: results.find((r) => r.isError),
    refresh: () => results.forEach((r) => r.refetch()),
    exporting,
    exportCsv,
  };
}

export type AttendanceView = ReturnType<typeof useAttendanceView>;
