// Priority and emergency approval (spec 000 §2): what approvers see first, and the copy-paste
// approval links an emergency transaction gets once submitted.
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import type { TransactionFormState } from "./use-transaction-form";

export function PrioritySection({ tx }: { tx: TransactionFormState }) {
  const { register } = tx.form;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Priority</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Checkbox label="Mark as Emergency" hint="Emergency and advance transactions are highlighted for approvers." {...register("isPriority")} />
        <Checkbox
          label="Emergency Approval Required"
          hint="Creates copy-paste approval links for the three emergency approvers once submitted."
          {...register("isEmergency")}
        />
        {tx.isEmergency ? (
          <Alert variant="warning">After you submit, you get a message with approve and reject links to send to an emergency approver.</Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
