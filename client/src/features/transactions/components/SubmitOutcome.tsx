// What the transaction form shows once it is submitted (spec 000 §2): the confirmation, or for an
// emergency transaction the copy-paste approval message with its links. Loaded with the submission.
import { useLayoutEffect, useRef } from "react";
import { AlertTriangle, CheckCircle2, Copy } from "lucide-react";
import { Link } from "wouter";
import type { EmergencyLinksAnswer } from "@shared/schemas/emergency";
import type { Transaction } from "@shared/schemas/transactions";
import { formatInTimeZone, formatRupees, getDisplayTimeZone } from "@shared/format";
import { Alert } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";

export type Outcome = { kind: "submitted"; transaction: Transaction } | { kind: "emergency"; transaction: Transaction; links: EmergencyLinksAnswer };

export function SubmittedPanel({ transaction, onNew, claim = false }: { transaction: Transaction; onNew: () => void; claim?: boolean }) {
  return (
    <Card className="mx-auto max-w-xl">
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <div className="flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-700">
          <CheckCircle2 className="h-8 w-8" aria-hidden="true" />
        </div>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">{claim ? "Claim Submitted" : "Transaction Submitted"}</h2>
        <p className="mt-2 text-sm text-slate-600" role="status">
          {transaction?.humanReadableId ? (
            <>
              <span className="font-mono font-semibold text-slate-900">{transaction.humanReadableId}</span> for {formatRupees(transaction.amount)} has been
              submitted for approval.
            </>
          ) : (
            "Your transaction has been submitted for approval."
          )}
        </p>
        {claim ? (
          <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button onClick={onNew}>New claim</Button>
            <Link href="/me/claims" className={buttonVariants({ variant: "outline" })}>
              View My Claims
            </Link>
          </div>
        ) : (
          <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button onClick={onNew}>Create New Transaction</Button>
            <Link href="/my-transactions" className={buttonVariants({ variant: "outline" })}>
              View My Transactions
            </Link>
            <Link href="/" className={buttonVariants({ variant: "ghost" })}>
              Go to Dashboard
            </Link>
          </div>
        )}
      </div>
    </Card>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** A read-only textarea as tall as its text at its current width: the whole message, both links included, on view. */
function useFitHeight(text: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let width = -1;
    const fit = () => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      el.style.height = "auto";
      el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
    };
    fit();
    // Wrapping changes with the width (a phone turned, a window resized).
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(fit);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [text]);
  return ref;
}

export function EmergencyPanel({ outcome, onClose }: { outcome: Extract<Outcome, { kind: "emergency" }>; onClose: () => void }) {
  const { links, transaction } = outcome;
  const messageRef = useFitHeight(links.copyPasteMessage);
  return (
    <Card className="mx-auto max-w-2xl border-red-200">
      <CardHeader>
        <div className="flex items-center gap-3">
          <div className="flex h-10 w-10 items-center justify-center rounded-full bg-red-50 text-red-700">
            <AlertTriangle className="h-5 w-5" aria-hidden="true" />
          </div>
          <div>
            <CardTitle>Emergency Transaction Created</CardTitle>
            <p className="text-sm text-slate-600">
              {transaction?.humanReadableId ? `${transaction.humanReadableId} is pending. ` : null}Copy the message and send it for immediate approval.
            </p>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field label="Approval message" hint={links.expiresAt ? `The links expire ${formatInTimeZone(links.expiresAt, getDisplayTimeZone())}.` : undefined}>
          <Textarea
            ref={messageRef}
            readOnly
            rows={links.copyPasteMessage.split("\n").length + 1}
            value={links.copyPasteMessage}
            className="font-mono text-xs leading-relaxed"
            onFocus={(e) => e.currentTarget.select()}
          />
        </Field>
        <Alert variant="info">Each link works once. Generating new links voids these.</Alert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Close &amp; Reset Form
          </Button>
          <Button
            onClick={async () => {
              if (await copyText(links.copyPasteMessage)) toast({ title: "Copied!", description: "The approval message is on your clipboard." });
              else toast({ title: "Error", description: "Could not copy. Select the message and copy it by hand.", variant: "destructive" });
            }}
          >
            <Copy className="h-4 w-4" aria-hidden="true" />
            Copy Message
          </Button>
        </div>
        <div className="flex flex-col gap-1 border-t border-slate-100 pt-3 sm:flex-row sm:justify-center sm:gap-4">
          <Link href="/my-transactions" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            View My Transactions
          </Link>
          <Link href="/" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Go to Dashboard
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
