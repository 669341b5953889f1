// The form's buttons, kept in reach at the foot of a phone's screen: Cancel, Save as Draft and
// Submit for Approval, each saying when it is at work.
import { Save, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { TransactionFormState } from "./use-transaction-form";

export function FormActions({ tx }: { tx: TransactionFormState }) {
  const { busy, working } = tx;
  return (
    <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:rounded-xl sm:border sm:shadow-sm">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center sm:justify-end">
        <Button variant="ghost" onClick={tx.resetAll} disabled={working}>
          Cancel
        </Button>
        <Button variant="outline" onClick={() => void tx.saveDraft()} disabled={working}>
          <Save className="h-4 w-4" aria-hidden="true" />
          {busy === "draft" ? "Saving..." : "Save as Draft"}
        </Button>
        <Button type="submit" disabled={working} className="col-span-2">
          <Send className="h-4 w-4" aria-hidden="true" />
          {busy === "submit" ? "Submitting..." : "Submit for Approval"}
        </Button>
      </div>
    </div>
  );
}
