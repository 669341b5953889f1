// The transaction's timeline (DECISIONS §4): every move oldest first, who made it, why, and what
// changed, as the server tells it. An owner reads here who forced, moved or overrode their
// transaction; the audit trail itself stays for SuperAdmins.
import type { LucideIcon } from "lucide-react";
import {
  ArrowRightLeft,
  CalendarClock,
  Check,
  CircleDollarSign,
  FilePlus2,
  PenLine,
  Pencil,
  Send,
  ShieldAlert,
  Trash2,
  Undo2,
  UserRoundCog,
  X,
  CheckCircle2,
  Zap,
} from "lucide-react";
import type { FormType, TimelineKind } from "@shared/constants";
import { paymentTimelineLabel } from "@shared/payment-words";
import type { TimelineEntry } from "@shared/schemas/transactions";
import { formatDateTime } from "@shared/format";
import { cn } from "@/lib/utils";

type KindStyle = { label: string; icon: LucideIcon; tone: string };

const KINDS: Record<TimelineKind, KindStyle> = {
  created: { label: "Created", icon: FilePlus2, tone: "bg-slate-100 text-slate-700" },
  submitted: { label: "Submitted for approval", icon: Send, tone: "bg-blue-100 text-blue-800" },
  approved: { label: "Approved", icon: Check, tone: "bg-green-100 text-green-800" },
  rejected: { label: "Rejected", icon: X, tone: "bg-red-100 text-red-700" },
  "approval-deleted": { label: "Approval deleted", icon: Trash2, tone: "bg-red-100 text-red-700" },
  // The payment entries' words depend on the form type: paymentTimelineLabel (shared/payment-words.ts).
  "payment-due": { label: "", icon: CalendarClock, tone: "bg-purple-100 text-purple-800" },
  paid: { label: "", icon: CircleDollarSign, tone: "bg-sky-100 text-sky-800" },
  "payment-cancelled": { label: "", icon: Undo2, tone: "bg-amber-100 text-amber-800" },
  completed: { label: "Completed", icon: CheckCircle2, tone: "bg-slate-800 text-white" },
  "status-forced": { label: "Status forced", icon: ShieldAlert, tone: "bg-red-100 text-red-700" },
  "owner-changed": { label: "Owner changed", icon: UserRoundCog, tone: "bg-amber-100 text-amber-800" },
  overridden: { label: "Overridden", icon: PenLine, tone: "bg-red-100 text-red-700" },
  "emergency-approved": { label: "Approved by emergency link", icon: Zap, tone: "bg-green-100 text-green-800" },
  "emergency-rejected": { label: "Rejected by emergency link", icon: ArrowRightLeft, tone: "bg-red-100 text-red-700" },
  edited: { label: "Edited", icon: Pencil, tone: "bg-amber-100 text-amber-800" },
};

/** The entries oldest first; a receipt's payment entries in its words ("Receipt recorded", DECISIONS §16). */
export function Timeline({ entries, formType }: { entries: readonly TimelineEntry[]; formType: FormType | string }) {
  return (
    <section aria-labelledby="timeline-heading">
      <h3 id="timeline-heading" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        Timeline
      </h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nothing recorded yet.</p>
      ) : (
        <ol className="mt-2" aria-label="Timeline, oldest first">
          {entries.map((entry, i) => {
            const kind = KINDS[entry.kind] ?? { label: entry.kind, icon: PenLine, tone: "bg-slate-100 text-slate-700" };
            const Icon = kind.icon;
            const last = i === entries.length - 1;
            return (
              <li key={`${entry.at}-${i}`} className="relative flex gap-3 pb-3 last:pb-0" data-kind={entry.kind}>
                {last ? null : <span className="absolute left-3.5 top-8 bottom-0 w-px bg-slate-200" aria-hidden="true" />}
                <span className={cn("relative mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full", kind.tone)}>
                  <Icon className="h-3.5 w-3.5" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-900">
                    <span className="font-medium">{paymentTimelineLabel(entry.kind, formType) ?? kind.label}</span> <span className="text-slate-600">by</span>{" "}
                    {entry.actorName}
                  </p>
                  <p className="text-xs text-slate-600">{formatDateTime(entry.at)}</p>
                  {entry.detail ? <p className="mt-1 wrap-anywhere text-sm text-slate-700">{entry.detail}</p> : null}
                  {entry.reason ? (
                    <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-slate-700">
                      <span className="text-slate-600">Reason: </span>“{entry.reason}”
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
