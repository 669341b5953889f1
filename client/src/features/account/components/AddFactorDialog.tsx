// The frame of the two dialogs that add a second factor (a passkey, the authenticator app): the
// dialog, Cancel, and the button that sends the dialog's form, both held while it is sent.
import type { ReactNode } from "react";
import { Dialog, DialogContent, FormDialogFooter } from "@/components/ui";
import type { WithProof } from "./proof-gate";

/** What the security screen hands a dialog that adds a factor. */
export type AddFactorProps<Done> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Asks for a recent proof when the server wants one, then carries on (proof-gate.tsx). */
  withProof: WithProof;
  onDone: Done;
};

export function AddFactorDialog({
  open,
  onOpenChange,
  title,
  description,
  formId,
  pending,
  submitLabel,
  pendingLabel,
  canSubmit = true,
  keepOpenWhilePending = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The id of the form inside, which the footer's button submits. */
  formId: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  canSubmit?: boolean;
  /** The browser's own passkey prompt is open meanwhile: closing under it would lose its answer. */
  keepOpenWhilePending?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !(keepOpenWhilePending && pending) && onOpenChange(next)}>
      <DialogContent
        size="sm"
        title={title}
        description={description}
        footer={
          <FormDialogFooter
            formId={formId}
            submitLabel={submitLabel}
            pending={pending}
            pendingLabel={pendingLabel}
            disabled={!canSubmit}
            onCancel={() => onOpenChange(false)}
          />
        }
      >
        {children}
      </DialogContent>
    </Dialog>
  );
}
