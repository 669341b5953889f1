// /admin/accounting (DECISIONS §12): the ledger names the exported vouchers post to. Every name
// has a default (a category's own name, the payment method's, 'Input CGST' …), so a company can
// export on day one; renaming here changes the next batches, never the ones already exported.
import { useEffect, useMemo, useState } from "react";
import { Landmark, Receipt, Save, Tags, Undo2 } from "lucide-react";
import type { LedgersAnswer, UpdateLedgersBody } from "@shared/schemas/accounting";
import { LEDGER_NAME_MAX } from "@shared/accounting";
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CenteredSpinner, Input } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { useLedgers, useSaveLedgers } from "../api";

const TAX_FIELDS = [
  ["inputCgst", "Input CGST", "Input tax credit of central tax"],
  ["inputSgst", "Input SGST", "Input tax credit of state tax"],
  ["inputIgst", "Input IGST", "Input tax credit of integrated tax"],
  ["outputCgstRcm", "CGST payable (RCM)", "Central tax the company owes under reverse charge"],
  ["outputSgstRcm", "SGST payable (RCM)", "State tax the company owes under reverse charge"],
  ["outputIgstRcm", "IGST payable (RCM)", "Integrated tax the company owes under reverse charge"],
  ["roundOff", "Round off", "The paise a bill differs from its invoice total"],
] as const;
type TaxKey = (typeof TAX_FIELDS)[number][0];

type Draft = { categories: Record<string, string>; paymentMethods: Record<string, string> } & Record<TaxKey, string>;

function draftOf(a: LedgersAnswer): Draft {
  return {
    categories: Object.fromEntries(a.categories.map((c) => [c.categoryId, c.ledger])),
    paymentMethods: Object.fromEntries(a.paymentMethods.map((p) => [p.method, p.ledger])),
    ...(Object.fromEntries(TAX_FIELDS.map(([k]) => [k, a[k]])) as Record<TaxKey, string>),
  };
}

/** Only what changed, so a save never rewrites a name someone else just set. */
function changesOf(a: LedgersAnswer, d: Draft): UpdateLedgersBody {
  const body: UpdateLedgersBody = {};
  const categories = a.categories
    .filter((c) => d.categories[c.categoryId] !== c.ledger)
    .map((c) => ({ categoryId: c.categoryId, ledger: d.categories[c.categoryId]!.trim() }));
  if (categories.length) body.categories = categories;
  const methods = a.paymentMethods
    .filter((p) => d.paymentMethods[p.method] !== p.ledger)
    .map((p) => ({ method: p.method as never, ledger: d.paymentMethods[p.method]!.trim() }));
  if (methods.length) body.paymentMethods = methods;
  for (const [k] of TAX_FIELDS) if (d[k] !== a[k]) body[k] = d[k].trim();
  return body;
}

function LedgerInput({ label, hint, value, onChange }: { label: string; hint?: string; value: string; onChange: (v: string) => void }) {
  const empty = value.trim() === "";
  return (
    <label className="grid gap-1 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-center sm:gap-4">
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-800 wrap-anywhere">{label}</span>
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </span>
      <span className="grid gap-1">
        <Input
          value={value}
          maxLength={LEDGER_NAME_MAX}
          aria-invalid={empty || undefined}
          aria-label={`Ledger for ${label}`}
          onChange={(e) => onChange(e.target.value)}
        />
        {empty ? <span className="text-xs font-medium text-red-700">A ledger name is required</span> : null}
      </span>
    </label>
  );
}

export default function LedgersPage() {
  const ledgers = useLedgers();
  const save = useSaveLedgers();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (ledgers.data) setDraft(draftOf(ledgers.data));
  }, [ledgers.data]);
  const changes = useMemo(() => (ledgers.data && draft ? changesOf(ledgers.data, draft) : {}), [ledgers.data, draft]);
  const dirty = Object.keys(changes).length > 0;
  const invalid = draft
    ? [...Object.values(draft.categories), ...Object.values(draft.paymentMethods), ...TAX_FIELDS.map(([k]) => draft[k])].some((v) => v.trim() === "")
    : true;

  if (ledgers.isPending) return <CenteredSpinner label="Loading the ledgers" />;
  if (ledgers.isError || !ledgers.data || !draft) return <Alert variant="destructive">{errorMessage(ledgers.error, "Failed to load the ledgers")}</Alert>;
  const data = ledgers.data;

  const onSave = () =>
    runMutation(save, changes, {
      onSuccess: () => toast({ title: "Ledgers Saved", description: "The next exports post to these ledgers." }),
      onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to save the ledgers"), variant: "destructive" }),
    });

  return (
    <div className="space-y-6">
      <Alert variant="info">
        Name each ledger exactly as it is in TallyPrime. A ledger that does not exist there yet is created by the masters file each Tally batch offers. Batches
        already exported keep the names they were made with.
      </Alert>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Receipt className="h-5 w-5 text-slate-500" aria-hidden="true" />
            GST and round-off
          </CardTitle>
          <CardDescription>
            Input tax is debited when a bill's input tax credit is taken; under reverse charge the payable ledgers are credited with the same tax.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {TAX_FIELDS.map(([key, label, hint]) => (
            <LedgerInput key={key} label={label} hint={hint} value={draft[key]} onChange={(v) => setDraft({ ...draft, [key]: v })} />
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Landmark className="h-5 w-5 text-slate-500" aria-hidden="true" />
            Payment methods
          </CardTitle>
          <CardDescription>The bank, cash or card ledger a payment leaves from, or a receipt comes into.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {data.paymentMethods.map((p) => (
            <LedgerInput
              key={p.method}
              label={p.method}
              value={draft.paymentMethods[p.method] ?? ""}
              onChange={(v) => setDraft({ ...draft, paymentMethods: { ...draft.paymentMethods, [p.method]: v } })}
            />
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Tags className="h-5 w-5 text-slate-500" aria-hidden="true" />
            Categories
          </CardTitle>
          <CardDescription>
            The expense ledger a bill of the category is debited to (the income ledger of a receipt). By default the category's own name.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {data.categories.map((c) => (
            <LedgerInput
              key={c.categoryId}
              label={c.categoryName}
              value={draft.categories[c.categoryId] ?? ""}
              onChange={(v) => setDraft({ ...draft, categories: { ...draft.categories, [c.categoryId]: v } })}
            />
          ))}
        </CardContent>
      </Card>

      <div className="sticky bottom-0 z-10 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
        <div className="flex flex-wrap items-center justify-end gap-2">
          <span className="mr-auto text-sm text-slate-600" aria-live="polite">
            {dirty ? "Unsaved changes" : "All ledgers saved"}
          </span>
          <Button variant="outline" disabled={!dirty || save.isPending} onClick={() => setDraft(draftOf(data))}>
            <Undo2 className="h-4 w-4" aria-hidden="true" />
            Discard
          </Button>
          <Button disabled={!dirty || invalid || save.isPending} onClick={onSave}>
            <Save className="h-4 w-4" aria-hidden="true" />
            {save.isPending ? "Saving…" : "Save Ledgers"}
          </Button>
        </div>
      </div>
    </div>
  );
}
