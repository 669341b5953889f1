// What a transaction's approval policy needs and what is still missing, in words (DECISIONS §11):
// the sentences come from shared/approval-words.ts, the one place they are worded.
import { Hourglass, ShieldCheck } from "lucide-react";
import { missingInWords, policyInWords, type ApprovalState } from "@shared/approval-words";
import type { ApprovalPolicy } from "@shared/schemas/approval-rules";
import type { TransactionStatus } from "@shared/constants";
import { cn } from "@/lib/utils";

type NeedsOf = ApprovalState & { status: TransactionStatus; approvalPolicy: ApprovalPolicy | null };

/** The policy held, with the count the transaction carries (a full override may have set it). */
function heldPolicy(t: NeedsOf): ApprovalPolicy {
  return { approvalsRequired: t.approvalsRequired, superAdminRequired: t.approvalPolicy?.superAdminRequired ?? false, rules: t.approvalPolicy?.rules ?? [] };
}

/** What a Pending transaction still lacks, or nothing: "1 more approval", "Waiting for a SuperAdmin". */
export function MissingApprovals({ t, className }: { t: NeedsOf; className?: string }) {
  if (t.status !== "Pending") return null;
  const missing = missingInWords(t);
  if (!missing) return null;
  const forSuperAdmin = missing.includes("SuperAdmin");
  const Icon = forSuperAdmin ? ShieldCheck : Hourglass;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium",
        forSuperAdmin ? "border-purple-200 bg-purple-50 text-purple-800" : "border-amber-200 bg-amber-50 text-amber-800",
        className,
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {missing}
    </span>
  );
}

/** The details dialog's note: what the policy kept at submit needs, and, while Pending, what is missing. */
export function ApprovalNeedsNote({ t }: { t: NeedsOf }) {
  if (t.status === "Draft") return null;
  const missing = t.status === "Pending" ? missingInWords(t) : null;
  return (
    <section aria-label="What approval needs" className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm">
      <p className="text-slate-800">{policyInWords(heldPolicy(t))}</p>
      {missing ? (
        <p className="mt-1.5">
          <MissingApprovals t={t} />
        </p>
      ) : null}
    </section>
  );
}
