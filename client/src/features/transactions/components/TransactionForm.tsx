// The transaction form (spec 000 §2 Create Transaction, §5 validation): create a new transaction,
// or edit a Draft/Rejected one (PATCH), then Save as Draft or Submit for Approval. Its state and
// its two ways out are the hook's (transaction-form/use-transaction-form.ts); this file lays out
// the sections, and after a submission its outcome.
import { lazy, Suspense } from "react";
import type { Category } from "@shared/schemas/categories";
import { Alert } from "@/components/ui/alert";
import { CenteredSpinner } from "@/components/ui/spinner";
import type { TransactionDetail } from "../api";
import { loadOutcomePanels, useTransactionForm, type TransactionFormState } from "./transaction-form/use-transaction-form";
import { DetailsSection } from "./transaction-form/DetailsSection";
import { CustomFieldsSection } from "./transaction-form/CustomFieldsSection";
import { PrioritySection } from "./transaction-form/PrioritySection";
import { AttachmentsSection } from "./transaction-form/AttachmentsSection";
import { FormActions } from "./transaction-form/FormActions";

// A bill's tax cards load with the first bill: a new form starts as a receipt.
const loadTaxSections = () => import("./transaction-form/TaxSections");
const GstCard = lazy(() => loadTaxSections().then((m) => ({ default: m.GstCard })));
const TdsCard = lazy(() => loadTaxSections().then((m) => ({ default: m.TdsCard })));
const SubmittedPanel = lazy(() => loadOutcomePanels().then((m) => ({ default: m.SubmittedPanel })));
const EmergencyPanel = lazy(() => loadOutcomePanels().then((m) => ({ default: m.EmergencyPanel })));
// The confirmation of a possible duplicate loads only when the server finds a match.
const DuplicateSubmitConfirm = lazy(() => import("./DuplicateWarning").then((m) => ({ default: m.DuplicateSubmitConfirm })));

export type TransactionFormProps = {
  categories: Category[];
  /** Editing an existing Draft/Rejected transaction. */
  editing?: TransactionDetail;
  /** After a draft of an edited transaction is saved. */
  onEditDone?: () => void;
  /** 'Create New Transaction' / 'Close & Reset Form' after an edit (a fresh form lives at another address). */
  onStartNew?: () => void;
  /**
   * An employee's expense claim (DECISIONS §15): the categories open to claims only, always Form B,
   * no party, GST, TDS or emergency; receipts and the category's fields as for any bill.
   */
  claim?: boolean;
};

export function TransactionForm({ categories, editing, onEditDone, onStartNew, claim = false }: TransactionFormProps) {
  const tx = useTransactionForm({ categories, editing, onEditDone, claim });
  const { outcome } = tx;

  const startNew = onStartNew ?? tx.resetAll;
  if (outcome) {
    return (
      <Suspense fallback={<CenteredSpinner label="Loading" />}>
        {outcome.kind === "emergency" ? (
          <EmergencyPanel outcome={outcome} onClose={startNew} />
        ) : (
          <SubmittedPanel transaction={outcome.transaction} onNew={startNew} claim={claim} />
        )}
      </Suspense>
    );
  }

  const bill = tx.formType === "B" && !claim;
  return (
    <form onSubmit={tx.submitForApproval} noValidate className="grid grid-cols-1 gap-6 [&>*]:min-w-0" aria-busy={tx.working}>
      {editing ? <EditingNotice editing={editing} claim={claim} /> : null}
      <DetailsSection tx={tx} />
      <CustomFieldsSection tx={tx} />
      {bill ? (
        <Suspense fallback={null}>
          <GstCard tx={tx} />
          <TdsCard tx={tx} />
        </Suspense>
      ) : null}
      {claim ? null : <PrioritySection tx={tx} />}
      <AttachmentsSection tx={tx} />
      <FormActions tx={tx} />
      <DuplicateConfirmation tx={tx} />
    </form>
  );
}

/** What editing this transaction means: a draft to finish, or a rejection to fix. */
function EditingNotice({ editing, claim }: { editing: TransactionDetail; claim: boolean }) {
  return (
    <Alert variant={editing.status === "Rejected" ? "warning" : "info"} title={`Editing ${editing.humanReadableId}`}>
      {claim
        ? editing.status === "Rejected"
          ? "This claim was rejected. Change what is needed, then submit it again."
          : "This claim is a draft. Save your changes or submit it for approval."
        : editing.status === "Rejected"
          ? "This transaction was rejected. Change what is needed, then submit it for approval again."
          : "This is a draft. Save your changes or submit it for approval."}
    </Alert>
  );
}

/** Submitting one with a possible duplicate asks first (DECISIONS §4), naming the match. */
function DuplicateConfirmation({ tx }: { tx: TransactionFormState }) {
  const confirmation = tx.duplicateConfirmation;
  if (!confirmation) return null;
  return (
    <Suspense fallback={null}>
      <DuplicateSubmitConfirm
        duplicates={confirmation.duplicates}
        pending={tx.busy === "submit"}
        onCancel={confirmation.cancel}
        onConfirm={confirmation.confirm}
      />
    </Suspense>
  );
}
