// A change to one record that asks first: the record asked about, the question dialog's props, and a
// toast that says what followed or why it failed. Deleting and switching off use it (DECISIONS §16).
import { useState } from "react";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";

type Told = { title: string; description: string };

async function changeAndTell(run: () => Promise<Told>, failed: string): Promise<void> {
  try {
    toast(await run());
  } catch (err) {
    toast({ title: "Error", description: errorMessage(err, failed), variant: "destructive" });
  }
}

export function useConfirmedChange<T>({
  change,
  failed,
  pending,
}: {
  /** Makes the change and answers the toast that says what followed. */
  change: (record: T) => Promise<Told>;
  /** The error toast's fallback when the server gives no message. */
  failed: string;
  pending: boolean;
}) {
  const [asking, setAsking] = useState<T | null>(null);
  return {
    /** The record the question is about, while it is asked. */
    asking,
    ask: (record: T) => setAsking(record),
    /** The dialog's open, onOpenChange, pending and onConfirm (ConfirmDialog, ConfirmDeactivate). */
    confirm: {
      open: asking !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setAsking(null);
      },
      pending,
      onConfirm: () => {
        if (!asking) return;
        const record = asking;
        void changeAndTell(() => change(record), failed).finally(() => setAsking(null));
      },
    },
  };
}

/** A record's Active switch: on at once, off once confirmed. */
export function useActiveSwitch<T extends { isActive: boolean }>({
  save,
  told,
  failed,
  pending,
}: {
  save: (record: T, isActive: boolean) => Promise<unknown>;
  told: (record: T, isActive: boolean) => Told;
  failed: string;
  pending: boolean;
}) {
  const set = (record: T, isActive: boolean) => changeAndTell(() => save(record, isActive).then(() => told(record, isActive)), failed);
  const off = useConfirmedChange<T>({ change: (record) => save(record, false).then(() => told(record, false)), failed, pending });
  return {
    asking: off.asking,
    toggle: (record: T) => (record.isActive ? off.ask(record) : void set(record, true)),
    confirm: off.confirm,
  };
}
