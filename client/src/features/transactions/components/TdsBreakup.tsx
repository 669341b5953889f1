// A bill's TDS as the server decided and kept it (DECISIONS §12), in the details dialog: the section
// in both acts, the rate and why, the base, what it deducts for earlier bills (each named), and what
// the vendor is paid.
import type { Transaction } from "@shared/schemas/transactions";
import { formatDate, formatRupees } from "@shared/format";
import { formatRate, payWords } from "@shared/tds";

type Tds = NonNullable<Transaction["tds"]>;

export function TdsBreakup({ t }: { t: Transaction & { tds: Tds } }) {
  const tds = t.tds;
  const headingId = `tds-${t.id}`;
  const none = tds.amount === "0.00";
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          TDS
        </h3>
        <p className="text-xs text-slate-600">
          Section {tds.legacySection} · {tds.actReference}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-600">Rate</dt>
          <dd className="font-medium text-slate-900">{formatRate(tds.rate)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Base</dt>
          <dd className="font-medium tabular-nums text-slate-900">{formatRupees(tds.base)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">TDS deducted</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatRupees(tds.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Vendor is paid</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatRupees(t.netPayable)}</dd>
        </div>
      </dl>
      {tds.shortfallFromEarlier ? (
        <div className="text-sm">
          <p className="text-slate-800">
            Includes {formatRupees(tds.shortfallFromEarlier.amount)} not deducted on the vendor&apos;s earlier bills of the year:
          </p>
          <ul className="mt-1 grid gap-1">
            {tds.shortfallFromEarlier.bills.map((b) => (
              <li key={b.id} className="flex flex-wrap justify-between gap-x-3 rounded-md bg-slate-50 px-2.5 py-1.5 text-slate-700">
                <span>
                  <span className="font-mono font-medium text-slate-900">{b.humanReadableId}</span> of {formatDate(b.date)}, base {formatRupees(b.base)}
                </span>
                <span className="font-medium tabular-nums text-slate-900">{formatRupees(b.tds)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-xs text-slate-600">{tds.reason}</p>
      {none ? null : (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">{payWords(t.amount, tds, t.isPaid ? "Paid" : "Pay")}</p>
      )}
    </section>
  );
}
