// A bill's TDS on the transaction form (DECISIONS §12): the nature (the party's usual one to start
// with, another, or none) and, as the bill is typed, what the server would deduct if it were submitted
// now and what the vendor would be paid. Loaded only for a bill that names a party.
import { formatRupees } from "@shared/format";
import { formatRate } from "@shared/tds";
import { paiseToString, readMoney } from "@shared/money";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useActiveTdsNatures, useTdsPreview } from "@/features/tds";
import type { GstForm } from "../gst-form";

/** The GST lines' taxable value as typed (the TDS base), or null when the bill has no valid line. */
function taxableValueOf(gst: GstForm | null): string | null {
  if (!gst) return null;
  let paise = 0n;
  for (const line of gst.lines) {
    const money = readMoney(line.taxableValue);
    if (money.ok) paise += money.paise;
  }
  return paise > 0n ? paiseToString(paise) : null;
}

export function TdsSection({
  onNatureChange,
  partyId,
  natureId,
  amount,
  transactionDate,
  gst,
  transactionId,
  currentNature,
  disabled,
}: {
  /** Controlled: the natures load after the party is picked, and the choice must show once they have. */
  onNatureChange: (natureId: string) => void;
  partyId: string;
  natureId: string;
  amount: string;
  transactionDate: string;
  /** The bill's GST section when it has one. */
  gst: GstForm | null;
  /** The saved bill being edited, left out of its own earlier bills. */
  transactionId: string | null;
  /** The nature the bill named when it was opened, choosable even if deactivated since. */
  currentNature: { id: string; label: string } | null;
  disabled?: boolean;
}) {
  const natures = useActiveTdsNatures();
  const money = readMoney(amount);
  const date = gst?.invoiceDate || transactionDate;
  const facts =
    natureId && money.ok && money.paise > 0n && /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? { partyId, natureId, amount: money.value, taxableValue: taxableValueOf(gst), date, transactionId }
      : null;
  const preview = useTdsPreview(facts);
  const options = (natures.data ?? []).map((n) => ({ value: n.id, label: `${n.name} (${n.legacySection})` }));
  if (currentNature && !options.some((o) => o.value === currentNature.id)) options.push({ value: currentNature.id, label: currentNature.label });
  const tds = facts ? preview.data?.tds : undefined;

  return (
    <div className="grid gap-3">
      <Field
        label="TDS nature"
        hint="The vendor's usual nature to start with. The rate follows the vendor's PAN; the thresholds count the vendor's bills of the year."
      >
        <Select placeholder="No TDS" options={options} disabled={disabled} value={natureId} onChange={(e) => onNatureChange(e.target.value)} />
      </Field>
      {tds ? (
        <div className="rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900" aria-live="polite" data-tds-preview>
          <p className="font-medium">
            {tds.amount === "0.00"
              ? `No TDS if submitted now: pay ${formatRupees(preview.data!.netPayable)}`
              : `TDS ${formatRupees(tds.amount)} under ${tds.legacySection} at ${formatRate(tds.rate)}: pay ${formatRupees(preview.data!.netPayable)}`}
          </p>
          <p className="mt-0.5 text-xs text-brand-800">{tds.reason}</p>
        </div>
      ) : preview.isError && facts ? (
        <p className="text-xs text-slate-600">The TDS is decided when the bill is submitted.</p>
      ) : null}
    </div>
  );
}
