// Switching something off asks first (DECISIONS §16): a person, an approval rule, a party, a TDS
// nature. One dialog for all of them, so each screen says the same three things: what is switched
// off (named), what follows from it, and, where the audit keeps one, an optional reason.
import { useEffect, useState, type ReactNode } from "react";
import { ConfirmDialog } from "./confirm-dialog";
import { Field } from "./field";
import { Textarea } from "./textarea";

export type ConfirmDeactivateProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, naming the thing: "Disable Vikram Mehta?", "Deactivate the rule 'Above ₹5,00,000'?" */
  title: string;
  /** What follows from it, in a sentence or two ("Their sessions end now on every device."). */
  consequences: ReactNode;
  /** The confirm button: "Disable user", "Deactivate rule". */
  confirmLabel: string;
  pending?: boolean;
  /** An optional reason field, for changes whose audit entry keeps one; its text goes to onConfirm. */
  reason?: { label?: string; hint?: string; maxLength: number };
  onConfirm: (reason: string | undefined) => void;
};

/** "Are you sure?" for switching something off, with an optional reason kept in the audit trail. */
export function ConfirmDeactivate({ open, onOpenChange, title, consequences, confirmLabel, pending, reason, onConfirm }: ConfirmDeactivateProps) {
  const [text, setText] = useState("");
  // Each opening starts empty: a reason typed for one person never carries over to the next.
  useEffect(() => {
    if (open) setText("");
  }, [open]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={consequences}
      confirmLabel={confirmLabel}
      destructive
      pending={pending}
      onConfirm={() => onConfirm(text.trim() || undefined)}
    >
      {reason ? (
        <Field label={reason.label ?? "Reason (optional)"} hint={reason.hint ?? "Kept in the audit trail."}>
          <Textarea rows={2} value={text} maxLength={reason.maxLength} onChange={(e) => setText(e.target.value)} />
        </Field>
      ) : null}
    </ConfirmDialog>
  );
}
