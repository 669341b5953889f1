// A bill's GST as the server computed and kept it (DECISIONS §12), in the details dialog: the
// supplier's invoice, each line's taxes, the totals, the round-off, and the reverse charge noted.
import type { Transaction } from "@shared/schemas/transactions";
import { formatDate, formatRupees } from "@shared/format";
import { gstStateLabel } from "@shared/gst-states";

type Gst = NonNullable<Transaction["gst"]>;

export function GstBreakup({ gst, id }: { gst: Gst; id: string }) {
  const intra = gst.supply === "intra";
  const headingId = `gst-${id}`;
  const money = "px-2 py-1.5 text-right tabular-nums";
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          GST
        </h3>
        <p className="text-xs text-slate-600">
          {intra ? "Intra-state: CGST + SGST" : "Inter-state: IGST"} · {gst.itcEligible ? "ITC eligible" : "No input tax credit"}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-600">Invoice</dt>
          <dd className="wrap-anywhere font-medium text-slate-900">{gst.invoiceNumber}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Invoice date</dt>
          <dd className="font-medium text-slate-900">{formatDate(gst.invoiceDate)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs text-slate-600">Place of supply</dt>
          <dd className="font-medium text-slate-900">{gstStateLabel(gst.placeOfSupply)}</dd>
        </div>
      </dl>
      {gst.reverseCharge ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Reverse charge: the supplier is paid {formatRupees(gst.payable)}; the company pays the tax of {formatRupees(gst.totalTax)} to the government.
        </p>
      ) : null}
      <div className="-mx-1 overflow-x-auto">
        <table className="w-full min-w-[20rem] text-sm">
          <caption className="sr-only">GST by invoice line</caption>
          <thead className="border-b border-slate-200 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1.5 text-left">
                HSN/SAC
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                Taxable
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                Rate
              </th>
              {intra ? (
                <>
                  <th scope="col" className="px-2 py-1.5 text-right">
                    CGST
                  </th>
                  <th scope="col" className="px-2 py-1.5 text-right">
                    SGST
                  </th>
                </>
              ) : (
                <th scope="col" className="px-2 py-1.5 text-right">
                  IGST
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {gst.lines.map((l, i) => (
              <tr key={i}>
                <td className="px-2 py-1.5 font-mono text-xs text-slate-800">{l.hsnSac}</td>
                <td className={money}>{formatRupees(l.taxableValue)}</td>
                <td className={money}>{l.rate}%</td>
                {intra ? (
                  <>
                    <td className={money}>{formatRupees(l.cgst)}</td>
                    <td className={money}>{formatRupees(l.sgst)}</td>
                  </>
                ) : (
                  <td className={money}>{formatRupees(l.igst)}</td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold text-slate-900">
            <tr>
              <th scope="row" className="px-2 py-1.5 text-left">
                Total
              </th>
              <td className={money}>{formatRupees(gst.taxableValue)}</td>
              <td />
              {intra ? (
                <>
                  <td className={money}>{formatRupees(gst.cgst)}</td>
                  <td className={money}>{formatRupees(gst.sgst)}</td>
                </>
              ) : (
                <td className={money}>{formatRupees(gst.igst)}</td>
              )}
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className="ml-auto grid w-full max-w-xs grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Total tax</dt>
        <dd className="text-right tabular-nums text-slate-900">{formatRupees(gst.totalTax)}</dd>
        <dt className="text-slate-600">Invoice total</dt>
        <dd className="text-right tabular-nums text-slate-900">{formatRupees(gst.invoiceTotal)}</dd>
        <dt className="text-slate-600">Round-off</dt>
        <dd className="text-right tabular-nums text-slate-900">{formatRupees(gst.roundOff)}</dd>
      </dl>
    </section>
  );
}
