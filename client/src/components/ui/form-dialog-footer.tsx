import { Button, type ButtonVariant } from "./button";

/**
 * The foot of a form dialog: Cancel, and the button that submits the dialog's form (by its id).
 * While the save is under way both are held and the submit says so ("Saving…").
 */
export function FormDialogFooter({
  formId,
  submitLabel,
  pending = false,
  pendingLabel = "Saving…",
  onCancel,
  variant,
  disabled = false,
}: {
  formId: string;
  submitLabel: string;
  pending?: boolean;
  pendingLabel?: string;
  onCancel: () => void;
  /** A destructive change gets a red button. */
  variant?: Extract<ButtonVariant, "destructive">;
  /** The submit alone, before the form can be sent. */
  disabled?: boolean;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button variant={variant} type="submit" form={formId} disabled={disabled || pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}
