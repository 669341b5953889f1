import type { DayStatus } from "@shared/constants";
import { Badge, type BadgeVariant } from "@/components/ui";

const VARIANTS: Record<DayStatus, BadgeVariant> = {
  "Present (Full)": "success",
  "Half-day (Paid)": "info",
  "Half-day (Unpaid)": "warning",
  "Absent (Unpaid)": "destructive",
  "Paid Leave (PL)": "info",
  "Unpaid Leave (LWP)": "destructive",
  "Weekly Off": "secondary",
  Holiday: "purple",
  "On Duty/Client Visit": "info",
  WFH: "info",
  "Pending Review": "warning",
  // Not judged yet (DECISIONS §8): calm and neutral, never read as an absence.
  "Not recorded": "outline",
};

export function DayStatusBadge({ status }: { status: DayStatus | string }) {
  return <Badge variant={VARIANTS[status as DayStatus] ?? "secondary"}>{status}</Badge>;
}
