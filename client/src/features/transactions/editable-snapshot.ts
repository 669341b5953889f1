// Opening an own Draft or Rejected transaction in the form (a bill, or an employee's claim). The
// form keeps the transaction it opened with: after submitting, the refreshed transaction is Pending
// (no longer editable), yet the success panel must stay.
import { useEffect, useState } from "react";
import { useCurrentUser } from "@/lib/session";
import { useTransaction, type TransactionDetail } from "./api";

export function useEditableSnapshot(id: string) {
  const user = useCurrentUser();
  const query = useTransaction(id);
  const [snapshot, setSnapshot] = useState<TransactionDetail | null>(null);
  const t = query.data;
  const editable = Boolean(t && (t.status === "Draft" || t.status === "Rejected") && t.createdBy === user.id);
  useEffect(() => {
    if (!snapshot && t && editable) setSnapshot(t);
  }, [snapshot, t, editable]);
  return { query, snapshot, editable };
}
