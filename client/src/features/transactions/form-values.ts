// The transaction form's values: their type, a new form's and an existing transaction's. Apart
// from the form, so its lazily loaded sections (GST) can name them without importing the form.
import { currentTime } from "@/lib/clock";
import type { CustomFieldValues } from "@shared/schemas/categories";
import { toIsoDate } from "@shared/format";
import type { TransactionDetail } from "./api";
import { emptyGstForm, type GstForm } from "./gst-form";

export type TransactionFormValues = {
  formType: string;
  categoryId: string;
  amount: string;
  transactionDate: string;
  description: string;
  customFieldValues: CustomFieldValues;
  isPriority: boolean;
  isEmergency: boolean;
  /** Whether the bill carries the supplier's GST invoice (DECISIONS §12); only a bill (Form B) may. */
  hasGst: boolean;
  gst: GstForm;
  /** The party's id, or "" for none (DECISIONS §12). */
  partyId: string;
  /** A bill's TDS nature (DECISIONS §12), or "" for none; a picked party brings its usual one. */
  tdsNatureId: string;
};

export function emptyFormValues(): TransactionFormValues {
  return {
    formType: "R",
    categoryId: "",
    amount: "",
    transactionDate: toIsoDate(currentTime()),
    description: "",
    customFieldValues: {},
    isPriority: false,
    isEmergency: false,
    hasGst: false,
    gst: emptyGstForm("", toIsoDate(currentTime())),
    partyId: "",
    tdsNatureId: "",
  };
}

export function formValuesOf(t: TransactionDetail): TransactionFormValues {
  return {
    formType: t.formType,
    categoryId: t.categoryId,
    amount: String(t.amount),
    transactionDate: t.transactionDate,
    description: t.description,
    customFieldValues: { ...(t.customFieldValues ?? {}) },
    isPriority: t.isPriority,
    isEmergency: t.isEmergency,
    hasGst: t.gst !== null,
    gst: t.gst
      ? {
          invoiceNumber: t.gst.invoiceNumber,
          invoiceDate: t.gst.invoiceDate,
          placeOfSupply: t.gst.placeOfSupply,
          reverseCharge: t.gst.reverseCharge,
          itcEligible: t.gst.itcEligible,
          lines: t.gst.lines.map((l) => ({ hsnSac: l.hsnSac, taxableValue: l.taxableValue, rate: String(l.rate) })),
        }
      : emptyGstForm("", t.transactionDate),
    partyId: t.partyId ?? "",
    tdsNatureId: t.tds?.natureId ?? "",
  };
}
