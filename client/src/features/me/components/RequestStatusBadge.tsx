import type { RequestStatus } from "@shared/schemas/me";
import { Badge, type BadgeVariant } from "@/components/ui";

const VARIANT: Record<RequestStatus, BadgeVariant> = { Pending: "warning", Approved: "success", Rejected: "destructive", Withdrawn: "secondary" };
const WORDS: Record<RequestStatus, string> = { Pending: "Waiting for HR", Approved: "Approved", Rejected: "Rejected", Withdrawn: "Withdrawn" };

/** A request's status in words (DECISIONS §15). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge variant={VARIANT[status]}>{WORDS[status]}</Badge>;
}
