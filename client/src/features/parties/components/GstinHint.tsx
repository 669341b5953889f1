// What a typed GSTIN says, as it is typed: its state and PAN when it checks out, why not when it
// does not (shared/gstin.ts, the server's own check), nothing while it is still being typed.
import { CheckCircle2 } from "lucide-react";
import { checkGstin, normalizeTaxId } from "@shared/gstin";
import { gstStateName } from "@shared/gst-states";

export type GstinReading = { state: "empty" | "typing" } | { state: "valid"; pan: string; stateCode: string } | { state: "invalid"; reason: string };

export function readGstin(input: string): GstinReading {
  const value = normalizeTaxId(input);
  if (!value) return { state: "empty" };
  if (value.length < 15) return { state: "typing" };
  const result = checkGstin(value);
  return result.ok ? { state: "valid", pan: result.pan, stateCode: result.stateCode } : { state: "invalid", reason: result.reason };
}

/** The hint under a GSTIN field; the invalid reason is shown as the field's error instead. */
export function GstinHint({ reading }: { reading: GstinReading }) {
  if (reading.state === "valid") {
    return (
      <span className="inline-flex items-center gap-1 text-green-800">
        <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />
        Valid · {gstStateName(reading.stateCode)} ({reading.stateCode}) · PAN {reading.pan}
      </span>
    );
  }
  return <>15 characters, e.g. 27AAPFU0939F1ZV. The PAN and state are read from it.</>;
}
