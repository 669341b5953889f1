// TDS Natures (/admin/tds, SuperAdmin; DECISIONS §12): the kinds of payment tax is deducted on, with
// their section in the 1961 Act and their place in the 2025 Act, rates by PAN, thresholds and TDS
// ledger. A table on wide screens and cards on phones; create and edit in a dialog; deactivating asks
// first (DECISIONS §16); deleting one a bill or a party names deactivates it instead (the server's rule).
import { useState, type ComponentProps } from "react";
import { Percent, Plus } from "lucide-react";
import type { TdsNature } from "@shared/schemas/tds";
import { Alert, Badge, Button, ConfirmDeactivate, ConfirmDialog, EmptyState, ListCard, RecordActions, ResponsiveList } from "@/components/ui";
import { useActiveSwitch, useConfirmedChange } from "@/hooks/use-confirmed-change";
import { useTdsNatureMutations, useTdsNatures } from "../api";
import { lazyDialog } from "@/lib/lazy-dialog";
import type { TdsNatureFormDialog as TdsNatureFormDialogType } from "../components/TdsNatureFormDialog";
import { noPanWords, ratesByPan, thresholdWords } from "../words";

// The form and react-hook-form load when the dialog first opens: the list alone stays light.
const TdsNatureFormDialog = lazyDialog<ComponentProps<typeof TdsNatureFormDialogType>>(
  () => import("../components/TdsNatureFormDialog").then((m) => m.TdsNatureFormDialog),
  (p) => p.open,
);

function StatusBadge({ nature }: { nature: TdsNature }) {
  return <Badge variant={nature.isActive ? "success" : "secondary"}>{nature.isActive ? "Active" : "Inactive"}</Badge>;
}

function PaymentCode({ nature }: { nature: TdsNature }) {
  return nature.paymentCode ? <span className="font-mono text-slate-800">{nature.paymentCode}</span> : <span className="text-slate-500">Not set</span>;
}

export default function TdsNaturesPage() {
  const natures = useTdsNatures();
  const { update, remove } = useTdsNatureMutations();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TdsNature | null>(null);
  const list = natures.data ?? [];

  const openForm = (nature: TdsNature | null) => {
    setEditing(nature);
    setFormOpen(true);
  };

  const active = useActiveSwitch<TdsNature>({
    save: (nature, isActive) => update.mutateAsync({ id: nature.id, body: { isActive } }),
    told: (nature, isActive) =>
      isActive
        ? { title: "TDS Nature Activated", description: `${nature.name} can be named on bills again.` }
        : { title: "TDS Nature Deactivated", description: `${nature.name} can no longer be named on new bills; bills already decided keep it.` },
    failed: "Failed to change the TDS nature",
    pending: update.isPending,
  });

  // Deleting one in use deactivates it instead (the server's rule); the toast says which.
  const removal = useConfirmedChange<TdsNature>({
    change: async (n) =>
      (await remove.mutateAsync(n.id)).deactivated
        ? { title: "TDS Nature Deactivated", description: `A bill or a party names ${n.name}, so it was deactivated instead of deleted.` }
        : { title: "TDS Nature Deleted", description: `${n.name} was deleted.` },
    failed: "Failed to delete the TDS nature",
    pending: remove.isPending,
  });

  const actions = (n: TdsNature, labelled = false) => (
    <RecordActions
      labelled={labelled}
      name={n.name}
      titled
      onEdit={() => openForm(n)}
      active={n.isActive}
      onToggle={() => active.toggle(n)}
      toggling={update.isPending}
      onDelete={() => removal.ask(n)}
    />
  );

  const createButton = (
    <Button onClick={() => openForm(null)}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Create Nature
    </Button>
  );

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-3xl text-sm text-slate-600">
          A bill naming a party is deducted TDS under the party&apos;s usual nature unless the bill says otherwise, at the rate its PAN calls for, once a
          threshold is reached. Since 1 April 2026 TDS is deducted under section 393 of the Income-tax Act, 2025; each nature keeps its section of the 1961 Act
          too. Payment codes are left for your accountant to fill.
        </p>
        <div className="shrink-0">{createButton}</div>
      </div>

      <ListCard
        icon={Percent}
        title={<>TDS Natures ({list.length})</>}
        aside={list.length ? <>{list.filter((n) => n.isActive).length} active</> : null}
        query={natures}
        count={list.length}
        loadingLabel="Loading TDS natures"
        errorFallback="Failed to load the TDS natures"
        empty={
          <EmptyState
            icon={Percent}
            title="No TDS natures"
            description="Add the kinds of payment your company deducts tax on, with their rates and thresholds."
            action={createButton}
          />
        }
      >
        <ResponsiveList
          tableLabel="TDS natures"
          head={
            <>
              <th scope="col" className="px-5 py-2.5">
                Nature
              </th>
              <th scope="col" className="px-4 py-2.5">
                Section
              </th>
              <th scope="col" className="px-4 py-2.5">
                Rates
              </th>
              <th scope="col" className="px-4 py-2.5">
                Threshold
              </th>
              <th scope="col" className="px-4 py-2.5">
                Status
              </th>
              <th scope="col" className="px-5 py-2.5 text-right">
                Actions
              </th>
            </>
          }
          rows={list.map((n) => (
            <tr key={n.id} className={"align-top hover:bg-slate-50/60" + (n.isActive ? "" : " text-slate-500")}>
              <td className="min-w-[11rem] max-w-[15rem] px-5 py-3">
                <p className="break-words font-medium text-slate-900">{n.name}</p>
                <p className="break-words text-xs text-slate-600">Ledger: {n.ledgerName}</p>
              </td>
              <td className="px-4 py-3">
                <span className="block whitespace-nowrap font-medium text-slate-900">{n.legacySection}</span>
                <span className="block whitespace-nowrap text-xs text-slate-600">{n.actReference}</span>
                <span className="block whitespace-nowrap text-xs text-slate-600">
                  Code: <PaymentCode nature={n} />
                </span>
              </td>
              <td className="min-w-[9rem] px-4 py-3 text-slate-800">
                <span className="block">{ratesByPan(n)}</span>
                <span className="block text-xs text-slate-600">{noPanWords(n)}</span>
              </td>
              <td className="min-w-[9rem] px-4 py-3 text-slate-800">{thresholdWords(n)}</td>
              <td className="px-4 py-3">
                <StatusBadge nature={n} />
                {n.inUse ? <span className="mt-1 block whitespace-nowrap text-xs text-slate-600">In use</span> : null}
              </td>
              <td className="whitespace-nowrap px-5 py-3 text-right">{actions(n)}</td>
            </tr>
          ))}
          cards={list.map((n) => (
            <li key={n.id} className="space-y-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-words font-medium text-slate-900">{n.name}</p>
                  <p className="text-xs text-slate-600">
                    {n.legacySection} · {n.actReference}
                  </p>
                </div>
                <StatusBadge nature={n} />
              </div>
              <p className="text-sm text-slate-800">
                {ratesByPan(n)} · {noPanWords(n)}
              </p>
              <p className="text-sm text-slate-800">{thresholdWords(n)}</p>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <span className="break-words">Ledger: {n.ledgerName}</span>
                <span>
                  Code: <PaymentCode nature={n} />
                </span>
                {n.inUse ? <span>In use</span> : null}
              </div>
              <div className="-ml-2 flex flex-wrap gap-1">{actions(n, true)}</div>
            </li>
          ))}
        />
      </ListCard>

      <TdsNatureFormDialog open={formOpen} onOpenChange={setFormOpen} nature={editing} />
      <ConfirmDeactivate
        {...active.confirm}
        title={active.asking ? `Deactivate ${active.asking.name} (${active.asking.legacySection})?` : "Deactivate the TDS nature?"}
        consequences="New bills can no longer name it, and parties that name it as their usual nature start new bills without TDS. Bills already decided keep their TDS."
        confirmLabel="Deactivate nature"
      />
      <ConfirmDialog
        {...removal.confirm}
        title={removal.asking?.inUse ? "Deactivate TDS Nature" : "Delete TDS Nature"}
        description={removal.asking ? `Delete ${removal.asking.name}?` : undefined}
        confirmLabel={removal.asking?.inUse ? "Deactivate" : "Delete"}
        destructive
      >
        {removal.asking?.inUse ? (
          <Alert variant="warning">A bill or a party names this nature, so it will be deactivated instead of deleted: they keep what it meant.</Alert>
        ) : (
          <p className="text-sm text-slate-600">No bill or party names it yet, so it is removed.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
