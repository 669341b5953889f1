// The public emergency approval and rejection pages (spec 001 §2, DECISIONS §5): opened from a
// link on a phone, no sign-in. The token decides the action; the approver picks their code and
// types its PIN (DECISIONS §10: the owner receives the links, so a link alone decides nothing).
import { useRef, useState, type ReactNode } from "react";
import { CircleCheck, CircleX, Clock, LinkIcon, ShieldAlert, Siren } from "lucide-react";
import { formatDate, formatInTimeZone, formatRupees, getDisplayTimeZone } from "@shared/format";
import { EMERGENCY_LINK_EXPIRED_MESSAGE, EMERGENCY_LINK_INVALID_MESSAGE, EMERGENCY_PIN_THROTTLE, EMERGENCY_REASON_MAX, ENTER_PIN_MESSAGE, SELECT_APPROVER_MESSAGE } from "@shared/constants";
import type { EmergencyDecisionAnswer } from "@shared/schemas/emergency";
import { Alert, Badge, Button, Card, CenteredSpinner, Field, Input, Select, Textarea } from "@/components/ui";
import { ApiError, errorIssues, errorMessage, errorStatus } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { cn } from "@/lib/utils";
import { useEmergencyDecision, useEmergencyLink } from "../api";
import { filledCustomFields, formTypeLabel } from "../details";

type Action = "approve" | "reject";

const COPY: Record<Action, { heading: string; button: string; done: string; verb: string; failure: string }> = {
  approve: {
    heading: "Emergency Approval",
    button: "APPROVE",
    done: "Transaction Approved",
    verb: "approved",
    failure: "Failed to process approval. Please try again.",
  },
  reject: {
    heading: "Emergency Rejection",
    button: "REJECT",
    done: "Transaction Rejected",
    verb: "rejected",
    failure: "Failed to process rejection. Please try again.",
  },
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-screen bg-gradient-to-b from-red-50 via-slate-50 to-slate-100 px-3 py-6 sm:px-6 sm:py-10">
      <div className="mx-auto w-full max-w-xl space-y-4">{children}</div>
    </main>
  );
}

function Outcome({ tone, icon, title, children }: { tone: "success" | "danger" | "warning"; icon: ReactNode; title: string; children: ReactNode }) {
  const ring = tone === "success" ? "bg-green-50 text-green-700" : tone === "danger" ? "bg-red-50 text-red-700" : "bg-amber-50 text-amber-700";
  return (
    <Frame>
      <Card className="px-6 py-10 text-center sm:px-10">
        <div className={cn("mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full", ring)}>{icon}</div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-3 text-base text-slate-700">{children}</div>
      </Card>
    </Frame>
  );
}

const LOCK_MINUTES = EMERGENCY_PIN_THROTTLE.windowMs / 60_000;

/** What a wrong PIN's answer says about the tries left before the code is locked (DECISIONS §10). */
export function wrongPinText(message: string, triesLeft: unknown): string {
  if (typeof triesLeft !== "number") return message;
  if (triesLeft <= 0) return `${message}. This approver code is now locked for ${LOCK_MINUTES} minutes.`;
  if (triesLeft === 1) return `${message}. Last try: one more wrong PIN locks this approver code for ${LOCK_MINUTES} minutes.`;
  return `${message}. ${triesLeft} tries left before this approver code is locked for ${LOCK_MINUTES} minutes.`;
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function EmergencyDecision({ token, action }: { token: string; action: Action }) {
  const copy = COPY[action];
  const link = useEmergencyLink(token);
  const decision = useEmergencyDecision(token);
  const [approver, setApprover] = useState("");
  const [selectError, setSelectError] = useState<string | undefined>();
  const [pin, setPin] = useState("");
  const [reason, setReason] = useState("");
  const [pinError, setPinError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const pinInput = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState<EmergencyDecisionAnswer | null>(null);

  if (done) {
    const approved = done.action === "approve";
    return (
      <Outcome
        tone={approved ? "success" : "danger"}
        icon={approved ? <CircleCheck className="h-8 w-8" aria-hidden="true" /> : <CircleX className="h-8 w-8" aria-hidden="true" />}
        title={approved ? COPY.approve.done : COPY.reject.done}
      >
        <p>
          Transaction <span className="font-semibold">{done.transaction.humanReadableId}</span> has been {approved ? "approved" : "rejected"} by{" "}
          <span className="font-semibold">{done.approver}</span>.
        </p>
        <p className="mt-2 text-sm text-slate-600">The requester has been notified. You can close this page.</p>
      </Outcome>
    );
  }

  if (link.isPending) {
    return (
      <Frame>
        <CenteredSpinner label="Loading the approval request" />
      </Frame>
    );
  }

  // A decision refused because the link is void or expired shows the same screens as opening it.
  const decisionStatus = decision.isError ? errorStatus(decision.error) : undefined;
  const status = link.isError ? errorStatus(link.error) : decisionStatus === 404 || decisionStatus === 410 || decisionStatus === 423 ? decisionStatus : undefined;
  if (status === 404) {
    return (
      <Outcome tone="danger" icon={<LinkIcon className="h-7 w-7" aria-hidden="true" />} title="Link Invalid">
        <p>{EMERGENCY_LINK_INVALID_MESSAGE}</p>
      </Outcome>
    );
  }
  if (status === 410) {
    return (
      <Outcome tone="warning" icon={<Clock className="h-7 w-7" aria-hidden="true" />} title="Link Expired">
        <p>{EMERGENCY_LINK_EXPIRED_MESSAGE}</p>
      </Outcome>
    );
  }
  if (link.isError || !link.data || status === 423) {
    return (
      <Outcome tone="danger" icon={<ShieldAlert className="h-7 w-7" aria-hidden="true" />} title={status === 423 ? "System Lockdown" : "Unable to Load Request"}>
        <p>{errorMessage(link.error ?? decision.error, "This emergency approval request could not be loaded. Please try again.")}</p>
      </Outcome>
    );
  }

  const view = link.data;
  const txn = view.transaction;
  const fields = filledCustomFields(view);
  const submit = () => {
    const missingApprover = !approver;
    const missingPin = !pin;
    setSelectError(missingApprover ? SELECT_APPROVER_MESSAGE : undefined);
    setPinError(missingPin ? ENTER_PIN_MESSAGE : undefined);
    setFormError(undefined);
    if (missingApprover || missingPin) return;
    runMutation(
      decision,
      action === "reject" && reason.trim() ? { approverName: approver, pin, reason: reason.trim() } : { approverName: approver, pin },
      {
        onSuccess: setDone,
        onError: (err) => {
          const issues = errorIssues(err);
          const message = errorMessage(err, copy.failure);
          if (issues.approverName) setSelectError(issues.approverName);
          else if (issues.pin || errorStatus(err) === 403) {
            // A wrong PIN: cleared for the next try; the link stays usable.
            setPinError(issues.pin ?? wrongPinText(err instanceof ApiError ? (err.body?.message ?? message) : message, err instanceof ApiError ? err.body?.triesLeft : undefined));
            setPin("");
            pinInput.current?.focus();
          } else setFormError(message);
        },
      },
    );
  };

  return (
    <Frame>
      <Card className="overflow-hidden">
        <div className={cn("px-5 py-5 text-white sm:px-6", action === "approve" ? "bg-gradient-to-r from-red-700 to-orange-700" : "bg-gradient-to-r from-red-800 to-red-600")}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-red-700">
              <Siren className="h-3.5 w-3.5" aria-hidden="true" />
              Urgent
            </span>
            <span className="text-xs font-medium text-white">Emergency approval request</span>
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight">{copy.heading}</h1>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-white">
            <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
            Link expires {formatInTimeZone(view.approvalLink.expiresAt, getDisplayTimeZone())}
          </p>
        </div>

        <div className="space-y-5 px-5 py-5 sm:px-6">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Amount</p>
            <p className="text-3xl font-bold text-slate-900">{formatRupees(txn.amount)}</p>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            <Detail label="Transaction ID">{txn.humanReadableId}</Detail>
            <Detail label="Form Type">
              <Badge variant="outline">{formTypeLabel(txn.formType)}</Badge>
            </Detail>
            <Detail label="Category">{txn.category}</Detail>
            <Detail label="Transaction Date">{formatDate(txn.transactionDate)}</Detail>
            {txn.party ? (
              <Detail label={txn.formType === "B" ? "Vendor" : "Payer"} wide>
                {txn.party}
              </Detail>
            ) : null}
            <Detail label="Requested By" wide>
              {txn.createdBy}
            </Detail>
            <Detail label="Description" wide>
              <span className="whitespace-pre-line font-normal">{txn.description}</span>
            </Detail>
          </dl>

          {fields.length > 0 ? (
            <section aria-labelledby="category-details" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
              <h2 id="category-details" className="text-sm font-semibold text-slate-900">
                Category Details
              </h2>
              <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
                {fields.map((f) => (
                  <Detail key={f.label} label={f.label}>
                    {f.value}
                  </Detail>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
      </Card>

      <Card className="space-y-4 px-5 py-5 sm:px-6">
        <Field label="Select Approver" error={selectError} required>
          <Select
            value={approver}
            onChange={(e) => {
              setApprover(e.target.value);
              if (e.target.value) setSelectError(undefined);
            }}
            placeholder="Choose your initials"
            options={view.approvers.map((code) => ({ value: code, label: code }))}
            className="h-12 text-base"
          />
        </Field>
        <Field label="PIN" error={pinError} hint="The 6 to 8 digit PIN of the approver code you picked." required>
          <Input
            ref={pinInput}
            type="password"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={8}
            value={pin}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, "").slice(0, 8);
              setPin(digits);
              if (digits) setPinError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") submit();
            }}
            className="h-12 text-lg tracking-[0.3em]"
          />
        </Field>
        {action === "reject" ? (
          <Field label="Reason (optional)" hint={`Tells the requester what to fix; at most ${EMERGENCY_REASON_MAX} characters (${reason.length}/${EMERGENCY_REASON_MAX}).`}>
            <Textarea rows={3} maxLength={EMERGENCY_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Wrong vendor account" />
          </Field>
        ) : null}
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <Button
          size="lg"
          variant={action === "approve" ? "default" : "destructive"}
          className={cn("h-14 w-full text-lg font-bold tracking-wide", action === "approve" && "bg-green-700 hover:bg-green-800")}
          onClick={submit}
          disabled={decision.isPending}
        >
          {action === "approve" ? <CircleCheck className="h-5 w-5" aria-hidden="true" /> : <CircleX className="h-5 w-5" aria-hidden="true" />}
          {decision.isPending ? "Processing..." : copy.button}
        </Button>
        <p className="text-center text-xs text-slate-600">
          This link can be used once. Your decision takes effect immediately and is recorded with your initials.
        </p>
      </Card>
    </Frame>
  );
}
