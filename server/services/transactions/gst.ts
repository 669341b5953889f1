// A bill's GST on the server (DECISIONS §12): the taxes are computed here from what was entered
// (shared/gst.ts, the same computation the form shows), never taken from the client, and the
// bill's amount is checked against them on every create, edit, override and submit.
import { checkGstAmount, gstDetails, type GstDetails, type GstEntered } from "../../../shared/gst";
import { formatRupees } from "../../../shared/format";
import type { FormType } from "../../../shared/constants";
import { badRequest } from "../errors";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { parties } from "../../db/schema";
import { getCompany } from "../company";

export const GST_ON_RECEIPT = "GST applies to bills (Form B) only; remove the GST section from a receipt";
export const GST_ITC_NEEDS_GSTIN = "Input tax credit needs a party with a GSTIN: choose the supplier (with its GSTIN) or untick ITC eligible";
export const GST_NO_COMPANY_STATE = "Set the company's state (Company settings) before entering GST: it decides between CGST + SGST and IGST";

/** What deciding a bill's GST needs to know besides the bill. */
export type GstFacts = {
  /** The company's state code (company settings), or null when not set. */
  companyStateCode: string | null;
  /** Whether the bill names a party that has a GSTIN. */
  partyHasGstin: boolean;
};

/**
 * The GST a bill keeps after a create, edit or override (null: none; undefined: unchanged).
 * `entered` is the GST sent (null removes it, undefined keeps the stored one); the stored one is
 * checked again when the amount, form type or party changes, with its taxes as computed when entered.
 */
export function decideGst(
  bill: { formType: FormType; amount: string },
  entered: GstEntered | null | undefined,
  stored: GstDetails | null,
  facts: GstFacts,
): GstDetails | null {
  const gst = entered === undefined ? stored : entered;
  if (gst === null) return null;
  if (bill.formType !== "B") throw badRequest(GST_ON_RECEIPT, [{ path: "gst", message: GST_ON_RECEIPT }]);
  if (gst.itcEligible && !facts.partyHasGstin) throw badRequest(GST_ITC_NEEDS_GSTIN, [{ path: "gst.itcEligible", message: GST_ITC_NEEDS_GSTIN }]);
  if (entered === undefined && stored) {
    // The stored taxes stand as computed; only the amount's round-off is checked again.
    const check = checkGstAmount(bill.amount, stored, stored.reverseCharge);
    if (!check.ok) throw mismatch(check.message);
    return { ...stored, roundOff: check.roundOff };
  }
  if (!facts.companyStateCode) throw badRequest(GST_NO_COMPANY_STATE, [{ path: "gst.placeOfSupply", message: GST_NO_COMPANY_STATE }]);
  const result = gstDetails(gst, bill.amount, facts.companyStateCode);
  if (!result.ok) throw mismatch(result.message);
  return result.gst;
}

const mismatch = (message: string) => badRequest(message, [{ path: "amount", message }]);

/** "invoice INV-7, ₹1,000.00 + GST ₹180.00": a bill's GST in one line, for the timeline. */
export function describeGst(gst: GstDetails | null | undefined): string {
  if (!gst) return "none";
  const tax = gst.reverseCharge ? `GST ${formatRupees(gst.totalTax)} under reverse charge` : `GST ${formatRupees(gst.totalTax)}`;
  const roundOff = gst.roundOff === "0.00" ? "" : `, round-off ${formatRupees(gst.roundOff)}`;
  return `invoice ${gst.invoiceNumber}, ${formatRupees(gst.taxableValue)} + ${tax}${roundOff}`;
}

/** The company's state (company settings) and whether the party `partyId` has a GSTIN. */
export async function loadGstFacts(q: Queryable, partyId: string | null | undefined): Promise<GstFacts> {
  const company = await getCompany(q);
  let partyHasGstin = false;
  if (partyId) {
    const [party] = await q.select({ gstin: parties.gstin }).from(parties).where(eq(parties.id, partyId)).limit(1);
    partyHasGstin = Boolean(party?.gstin);
  }
  return { companyStateCode: company.stateCode, partyHasGstin };
}
