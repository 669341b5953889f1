// /admin/notifications (SuperAdmin, DECISIONS §14): the outbox of the last 7 days, every push and
// email, queued, sent, failed with the reason, or not sent and why. Refreshed every 15 s.
import { useState } from "react";
import { AtSign, CheckCircle2, Clock, Inbox, Vibrate, XCircle } from "lucide-react";
import { formatDateTime } from "@shared/format";
import { Alert, Badge, Card, EmptyState, Spinner, StatCard, type BadgeVariant } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useOutbox, type OutboxAnswer, type OutboxStatus } from "../api";

const STATUS_WORDS: Record<OutboxStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: "Queued", variant: "warning" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  skipped: { label: "Not sent", variant: "secondary" },
};

const FILTERS: { value: OutboxStatus | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  { value: "queued", label: "Queued" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
  { value: "skipped", label: "Not sent" },
];

type Entry = OutboxAnswer["entries"][number];

function EntryRow({ e }: { e: Entry }) {
  const words = STATUS_WORDS[e.status];
  const ChannelIcon = e.channel === "push" ? Vibrate : AtSign;
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[8rem_minmax(0,1fr)_12rem] sm:gap-4 sm:px-5">
      <div className="flex items-center gap-2 sm:flex-col sm:items-start sm:gap-1">
        <Badge variant={words.variant}>{words.label}</Badge>
        <span className="text-xs text-slate-600">{formatDateTime(e.createdAt)}</span>
      </div>
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-slate-900">
          <ChannelIcon className="h-4 w-4 shrink-0 text-slate-500" aria-label={e.channel === "push" ? "Push" : "Email"} />
          <span className="truncate">{e.title}</span>
        </p>
        <p className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-700">{e.body}</p>
        {e.lastError ? <p className={cn("mt-1 break-words text-xs", e.status === "failed" ? "text-red-700" : "text-slate-600")}>{e.lastError}</p> : null}
      </div>
      <div className="min-w-0 text-sm sm:text-right">
        <p className="truncate font-medium text-slate-900">{e.recipient.name}</p>
        <p className="truncate text-xs text-slate-600" title={e.sentTo ?? undefined}>
          {e.sentTo ?? (e.channel === "push" ? "A device" : "No address")}
        </p>
        <p className="text-xs text-slate-600">
          {e.status === "sent" && e.sentAt
            ? `Sent ${formatDateTime(e.sentAt)}`
            : e.status === "queued" && e.nextAttemptAt
              ? `Next try ${formatDateTime(e.nextAttemptAt)}`
              : null}
          {e.attempts > 1 ? ` · ${e.attempts} tries` : null}
        </p>
      </div>
    </li>
  );
}

export default function NotificationOutboxPage() {
  const [status, setStatus] = useState<OutboxStatus | undefined>(undefined);
  const outbox = useOutbox({ status });
  const counts = outbox.data?.counts;
  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard title="Queued" value={counts?.queued ?? "—"} icon={Clock} variant={counts?.queued ? "warning" : "default"} />
        <StatCard title="Sent" value={counts?.sent ?? "—"} icon={CheckCircle2} variant="success" />
        <StatCard title="Failed" value={counts?.failed ?? "—"} icon={XCircle} variant={counts?.failed ? "error" : "default"} />
        <StatCard title="Not sent" value={counts?.skipped ?? "—"} subtitle="No longer theirs to see, lockdown, device removed" />
      </div>

      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => setStatus(f.value)}
            className={cn(
              "h-9 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
              status === f.value ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {f.label}
          </button>
        ))}
      </div>

      {outbox.isPending ? <Spinner label="Loading the outbox" /> : null}
      {outbox.isError ? (
        <Alert variant="destructive" title="Could not load the outbox">
          {errorMessage(outbox.error, "Please try again.")}
        </Alert>
      ) : null}
      {outbox.data ? (
        <Card className="overflow-hidden">
          <div className="border-b border-slate-100 px-4 py-3 sm:px-5">
            <h2 className="text-base font-semibold text-slate-900">Last {outbox.data.days} days</h2>
            <p className="text-sm text-slate-600">Newest first. Failed pushes and emails are tried again for 24 hours before they are given up.</p>
          </div>
          {outbox.data.entries.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title="Nothing here"
              description={status ? "No notification has this status in the last 7 days." : "No push or email in the last 7 days."}
            />
          ) : (
            <ul className="divide-y divide-slate-100">
              {outbox.data.entries.map((e) => (
                <EntryRow key={e.id} e={e} />
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </div>
  );
}
