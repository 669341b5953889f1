// Parties (DECISIONS §12): the vendors paid and the payers received from. Search by name or GSTIN,
// create, edit, deactivate and activate again; a table on wide screens, cards on phones.
import { useState, type ComponentProps } from "react";
import { Building2, Plus, Search } from "lucide-react";
import type { Party } from "@shared/schemas/parties";
import { gstStateName } from "@shared/gst-states";
import { Badge, Button, ConfirmDeactivate, EmptyState, ListCard, Pagination, RecordActions, ResponsiveList, SearchInput, Select } from "@/components/ui";
import { useActiveSwitch } from "@/hooks/use-confirmed-change";
import { useListFilters } from "@/hooks/use-list-filters";
import { useActiveTdsNatures } from "@/features/tds";
import { useParties, usePartyMutations } from "../api";
import { lazyDialog } from "@/lib/lazy-dialog";
import type { PartyFormDialog as PartyFormDialogType } from "../components/PartyFormDialog";
import { partyDeactivation } from "../words";

// The form and react-hook-form load when the dialog first opens: the list alone stays light.
const PartyFormDialog = lazyDialog<ComponentProps<typeof PartyFormDialogType>>(
  () => import("../components/PartyFormDialog").then((m) => m.PartyFormDialog),
  (p) => p.open,
);

const PAGE_SIZE = 25;
type Shown = "all" | "true" | "false";
const SHOW_OPTIONS = [
  { value: "all", label: "All parties" },
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
];

function stateOf(p: Party): string {
  if (!p.stateCode) return "—";
  return `${gstStateName(p.stateCode) ?? p.stateCode} (${p.stateCode})`;
}

function Contact({ party }: { party: Party }) {
  if (!party.email && !party.phone) return <span className="text-slate-500">—</span>;
  return (
    <div className="min-w-0 text-slate-700">
      {party.email ? <p className="wrap-anywhere">{party.email}</p> : null}
      {party.phone ? <p className="truncate text-xs text-slate-600">{party.phone}</p> : null}
    </div>
  );
}

export default function PartiesPage() {
  const filters = useListFilters({ none: { search: "", active: "all" as Shown } });
  const [editing, setEditing] = useState<Party | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const list = useParties({ ...filters.asked, page: filters.page, limit: PAGE_SIZE });
  const { update } = usePartyMutations();
  const natures = useActiveTdsNatures();
  // "TDS: Contractors (194C)" under a party that names its usual nature.
  const natureOf = (p: Party) => {
    if (!p.tdsNatureId) return null;
    const n = natures.data?.find((x) => x.id === p.tdsNatureId);
    return n ? `TDS: ${n.name} (${n.legacySection})` : "TDS: an inactive nature";
  };
  const rows = list.data?.parties ?? [];
  const total = list.data?.total ?? 0;

  const active = useActiveSwitch<Party>({
    save: (p, isActive) => update.mutateAsync({ id: p.id, body: { isActive } }),
    told: (p, isActive) =>
      isActive
        ? { title: "Party Activated", description: `${p.name} can be named again.` }
        : { title: "Party Deactivated", description: `${p.name} can no longer be named on new transactions.` },
    failed: "Failed to update party",
    pending: update.isPending,
  });

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const actions = (p: Party, labelled = false) => (
    <RecordActions
      labelled={labelled}
      name={p.name}
      onEdit={() => {
        setEditing(p);
        setFormOpen(true);
      }}
      active={p.isActive}
      onToggle={() => active.toggle(p)}
      toggling={update.isPending}
    />
  );

  const status = (p: Party) => <Badge variant={p.isActive ? "success" : "secondary"}>{p.isActive ? "Active" : "Inactive"}</Badge>;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid flex-1 gap-3 sm:max-w-xl sm:grid-cols-[1fr_11rem]">
          <SearchInput
            label="Search parties"
            placeholder="Search by name or GSTIN"
            value={filters.values.search}
            onChange={(text) => filters.set("search", text)}
          />
          <Select aria-label="Show" value={filters.values.active} options={SHOW_OPTIONS} onChange={(e) => filters.set("active", e.target.value as Shown)} />
        </div>
        <Button onClick={openNew}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New Party
        </Button>
      </div>

      <ListCard
        icon={Building2}
        title={<>Parties ({total})</>}
        query={list}
        count={rows.length}
        loadingLabel="Loading parties"
        errorFallback="Failed to load parties"
        empty={
          filters.filtered ? (
            <EmptyState icon={Search} title="No party matches" description="Try another part of the name or GSTIN, or show all parties." />
          ) : (
            <EmptyState
              icon={Building2}
              title="No parties yet"
              description="Add the vendors you pay and the payers you receive from, with their GSTIN, so bills and exports name them."
              action={
                <Button onClick={openNew}>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  New Party
                </Button>
              }
            />
          )
        }
      >
        <ResponsiveList
          tableLabel="Parties"
          head={
            <>
              <th scope="col" className="px-5 py-2.5">
                Name
              </th>
              <th scope="col" className="px-5 py-2.5">
                GSTIN
              </th>
              <th scope="col" className="px-5 py-2.5">
                State
              </th>
              <th scope="col" className="px-5 py-2.5">
                Contact
              </th>
              <th scope="col" className="px-5 py-2.5">
                Status
              </th>
              <th scope="col" className="px-5 py-2.5 text-right">
                Actions
              </th>
            </>
          }
          rows={rows.map((p) => (
            <tr key={p.id} className={"hover:bg-slate-50/60" + (p.isActive ? "" : " text-slate-500")}>
              <td className="px-5 py-3">
                <p className="font-medium text-slate-900">{p.name}</p>
                {p.pan && !p.gstin ? <p className="text-xs text-slate-600">PAN {p.pan}</p> : null}
                {natureOf(p) ? <p className="text-xs text-slate-600">{natureOf(p)}</p> : null}
              </td>
              <td className="whitespace-nowrap px-5 py-3 font-mono text-xs text-slate-800">
                {p.gstin ?? <span className="font-sans text-slate-500">Unregistered</span>}
              </td>
              <td className="whitespace-nowrap px-5 py-3 text-slate-700">{stateOf(p)}</td>
              <td className="max-w-56 px-5 py-3">
                <Contact party={p} />
              </td>
              <td className="px-5 py-3">{status(p)}</td>
              <td className="whitespace-nowrap px-5 py-3 text-right">{actions(p)}</td>
            </tr>
          ))}
          cards={rows.map((p) => (
            <li key={p.id} className="space-y-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 wrap-anywhere">{p.name}</p>
                  <p className="truncate font-mono text-xs text-slate-700">{p.gstin ?? (p.pan ? `PAN ${p.pan}` : "Unregistered")}</p>
                </div>
                {status(p)}
              </div>
              <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
                {p.stateCode ? <span>{stateOf(p)}</span> : null}
                {natureOf(p) ? <span>{natureOf(p)}</span> : null}
                {p.email ? <span className="min-w-0 wrap-anywhere">{p.email}</span> : null}
                {p.phone ? <span>{p.phone}</span> : null}
              </div>
              <div className="-ml-2 flex flex-wrap gap-1">{actions(p, true)}</div>
            </li>
          ))}
        />
      </ListCard>
      <Pagination page={filters.page} pageSize={PAGE_SIZE} total={total} onPageChange={filters.setPage} />

      <PartyFormDialog open={formOpen} onOpenChange={setFormOpen} party={editing} />
      <ConfirmDeactivate {...active.confirm} {...partyDeactivation(active.asking?.name)} />
    </div>
  );
}
