// Audit Trail (spec 001 §2; DECISIONS §7): search, entity-type and action filters, summary cards,
// events with before/after details, a real CSV export and pagination.
import { currentTime } from "@/lib/clock";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Activity, Download, Eye, FileText, FolderTree, Layers, PencilLine, ShieldCheck, User as UserIcon, Receipt } from "lucide-react";
import { formatDateTime, toIsoDate } from "@shared/format";
import type { AuditEntryView, AuditFacets, AuditPage } from "@shared/schemas/audit";
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogContent,
  EmptyState,
  Pagination,
  SearchInput,
  Select,
  Spinner,
  StatCard,
  type BadgeVariant,
} from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { useListFilters } from "@/hooks/use-list-filters";
import { ApiError, errorMessage } from "@/lib/api";

const PAGE_SIZE = 25;

function actionBadge(action: string): BadgeVariant {
  const a = action.toLowerCase();
  if (a.includes("delete") || a.includes("reject")) return "destructive";
  if (a.includes("login") || a.includes("logout")) return "purple";
  if (a.includes("create") || a.includes("approve")) return "success";
  if (a.includes("update") || a.includes("edit")) return "info";
  return "secondary";
}

function entityIcon(entityType: string) {
  const t = entityType.toLowerCase();
  if (t.includes("transaction")) return Receipt;
  if (t.includes("user")) return UserIcon;
  if (t.includes("category")) return FolderTree;
  return FileText;
}

function performerText(e: AuditEntryView): string {
  // An approval on a delegator's behalf reads as the approvals list has it (DECISIONS §11).
  if (e.performer?.name) return e.onBehalfOf ? `${e.performer.name} for ${e.onBehalfOf.name}` : e.performer.name;
  if (e.performerLabel) return e.performerLabel;
  return e.performedBy ? e.performedBy.slice(0, 8) : "System";
}

function Json({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return <p className="text-sm text-slate-500">None</p>;
  // A long record scrolls: focusable, so a keyboard can scroll it too.
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="max-h-[50vh] overflow-auto whitespace-pre-wrap wrap-anywhere rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Keys whose values differ between before and after. */
function changedKeys(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
}

function DetailsDialog({ entry, onOpenChange }: { entry: AuditEntryView | null; onOpenChange: (o: boolean) => void }) {
  const changed = entry ? changedKeys(entry.beforeData, entry.afterData) : [];
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      <DialogContent
        size="xl"
        title="Audit Event Details"
        description={entry ? `${entry.action} · ${entry.entityType} ${entry.entityId ?? ""} · ${formatDateTime(entry.timestamp)}` : undefined}
      >
        {entry ? (
          <div className="space-y-4">
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-xs text-slate-600">Performed by</dt>
                <dd className="font-medium text-slate-900">
                  {performerText(entry)}
                  {entry.performer?.username ? <span className="text-slate-500"> @{entry.performer.username}</span> : null}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Entity id</dt>
                <dd className="break-all font-mono text-xs text-slate-900">{entry.entityId ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Reason</dt>
                <dd className="text-slate-900">{entry.reason ?? "—"}</dd>
              </div>
            </dl>
            {changed.length > 0 ? (
              <div className="flex flex-wrap items-center gap-1.5 text-sm">
                <span className="text-slate-600">Changed:</span>
                {changed.map((k) => (
                  <Badge key={k} variant="info">
                    {k}
                  </Badge>
                ))}
              </div>
            ) : null}
            <div className="grid gap-4 md:grid-cols-2">
              <section aria-labelledby="before-heading">
                <h3 id="before-heading" className="mb-2 text-sm font-semibold text-slate-900">
                  Before
                </h3>
                <Json value={entry.beforeData} label="Before" />
              </section>
              <section aria-labelledby="after-heading">
                <h3 id="after-heading" className="mb-2 text-sm font-semibold text-slate-900">
                  After
                </h3>
                <Json value={entry.afterData} label="After" />
              </section>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export default function AuditTrailPage() {
  // "Changes only" is "true" when ticked (DECISIONS §7: the trail without sign-ins and reads).
  const list = useListFilters({ none: { search: "", entityType: "all", action: "all", changesOnly: "" } });
  const { values, asked, page, setPage, filtered } = list;
  const [viewing, setViewing] = useState<AuditEntryView | null>(null);
  const [exporting, setExporting] = useState(false);

  const filters = {
    search: asked.search,
    entityType: asked.entityType === "all" ? undefined : asked.entityType,
    action: asked.action === "all" ? undefined : asked.action,
    changesOnly: asked.changesOnly || undefined,
  };
  const facets = useQuery<AuditFacets>({ queryKey: ["/api/audit/facets"], staleTime: 60_000 });
  const audit = useQuery<AuditPage>({ queryKey: ["/api/audit", { ...filters, page, limit: PAGE_SIZE }], placeholderData: (p) => p, staleTime: 10_000 });
  const entries = audit.data?.entries ?? [];
  const total = audit.data?.total ?? 0;
  // Every card counts the same entries: all of them, or those the filters match.
  const summary = audit.data?.summary;
  const scope = filtered ? "Matching the filters" : "All time";

  const exportCsv = async () => {
    setExporting(true);
    try {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
      const res = await fetch(`/api/audit/export.csv?${params}`, { credentials: "include" });
      if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ""));
      const href = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = href;
      a.download = `audit_${toIsoDate(currentTime())}.csv`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    } catch (err) {
      toast({ title: "Error", description: errorMessage(err, "Failed to export audit trail"), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-5">
      <Card className="p-4">
        <div className="grid gap-3 md:grid-cols-[1fr_200px_200px_auto_auto] md:items-center">
          <SearchInput label="Search audit logs" placeholder="TXN number or name" value={values.search} onChange={(text) => list.set("search", text)} />
          <Select aria-label="Entity type" value={values.entityType} onChange={(e) => list.set("entityType", e.target.value)}>
            <option value="all">All entity types</option>
            {(facets.data?.entityTypes ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
          <Select aria-label="Action" value={values.action} onChange={(e) => list.set("action", e.target.value)}>
            <option value="all">All actions</option>
            {(facets.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
          <Checkbox
            label="Changes only"
            checked={values.changesOnly === "true"}
            onChange={(e) => list.set("changesOnly", e.target.checked ? "true" : "")}
            title="Hide sign-ins, sign-outs and notification reads"
          />
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {exporting ? "Exporting…" : "Export"}
          </Button>
        </div>
      </Card>

      <section aria-label="Summary" className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <StatCard title="Total Events" value={total.toLocaleString("en-IN")} subtitle={scope} icon={Activity} />
        <StatCard
          title="Positive Actions"
          value={(summary?.positive ?? 0).toLocaleString("en-IN")}
          subtitle={`Creates and approvals · ${scope.toLowerCase()}`}
          icon={ShieldCheck}
          variant="success"
        />
        <StatCard
          title="Modifications"
          value={(summary?.modifications ?? 0).toLocaleString("en-IN")}
          subtitle={`Updates and edits · ${scope.toLowerCase()}`}
          icon={PencilLine}
        />
        <StatCard title="Entity Types" value={summary?.entityTypes ?? 0} subtitle={scope} icon={Layers} variant="warning" />
      </section>

      {audit.isError ? <Alert variant="destructive">{errorMessage(audit.error, "Failed to load the audit trail")}</Alert> : null}

      <Card>
        {audit.isLoading ? (
          <div className="flex justify-center py-14">
            <Spinner size="lg" label="Loading audit logs" />
          </div>
        ) : entries.length === 0 ? (
          <EmptyState
            icon={Activity}
            title="No audit logs found"
            description={
              filtered ? "Try a different search term or clear the filters." : "Actions such as creating, approving and editing records will appear here."
            }
          />
        ) : (
          <ul className={"divide-y divide-slate-100" + (audit.isFetching && audit.isPlaceholderData ? " opacity-60" : "")}>
            {entries.map((e) => {
              const Icon = entityIcon(e.entityType);
              const hasData = e.beforeData != null || e.afterData != null;
              return (
                <li key={e.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:px-5">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700" aria-hidden="true">
                    <Icon className="h-5 w-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant={actionBadge(e.action)}>{e.action}</Badge>
                      <span className="text-sm font-medium text-slate-900">{e.entityType}</span>
                      {e.humanReadableId ? <span className="font-mono text-sm font-semibold text-slate-900">{e.humanReadableId}</span> : null}
                      {e.entityId ? (
                        <span className="font-mono text-xs text-slate-600" title={e.entityId}>
                          {e.entityId.slice(0, 8)}
                        </span>
                      ) : null}
                    </div>
                    {e.reason ? <p className="mt-1 text-sm text-slate-700">{e.reason}</p> : null}
                    <p className="mt-1 text-xs text-slate-600">
                      <time dateTime={e.timestamp}>{formatDateTime(e.timestamp)}</time> · by {performerText(e)}
                    </p>
                  </div>
                  {hasData ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setViewing(e)}
                      className="self-start"
                      aria-label={`View details of ${e.action} ${e.entityType}`}
                    >
                      <Eye className="h-4 w-4" aria-hidden="true" />
                      View Details
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <div className="px-5 pb-4">
          <Pagination page={page} pageSize={PAGE_SIZE} total={total} onPageChange={setPage} />
        </div>
      </Card>
      <DetailsDialog entry={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </div>
  );
}
