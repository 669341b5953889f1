// The GST section's form values, and an empty one: apart from the preview, so the transaction form
// does not load the tax computation until a bill has GST lines.
export type GstLineForm = { hsnSac: string; taxableValue: string; rate: string };
export type GstForm = {
  invoiceNumber: string;
  invoiceDate: string;
  placeOfSupply: string;
  reverseCharge: boolean;
  itcEligible: boolean;
  lines: GstLineForm[];
};

export const emptyGstLine = (): GstLineForm => ({ hsnSac: "", taxableValue: "", rate: "18" });

export function emptyGstForm(placeOfSupply: string, invoiceDate: string): GstForm {
  return { invoiceNumber: "", invoiceDate, placeOfSupply, reverseCharge: false, itcEligible: false, lines: [emptyGstLine()] };
}
