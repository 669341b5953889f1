// The two cards of a public emergency page (spec 001 §2): what is asked (the transaction as the link
// shows it) and the decision (the approver's code, its PIN, a rejection's reason, the button).
import type { ReactNode } from "react";
import { CircleCheck, CircleX, Clock, Siren } from "lucide-react";
import { formatDate, formatInTimeZone, formatRupees, getDisplayTimeZone } from "@shared/format";
import { EMERGENCY_REASON_MAX } from "@shared/constants";
import type { EmergencyLinkView } from "@shared/schemas/emergency";
import { Alert, Badge, Button, Card, Field, Input, Select, Textarea } from "@/components/ui";
import { cn } from "@/lib/utils";
import { filledCustomFields, formTypeLabel } from "../details";
import { DECISION_WORDS, type DecisionAction, type DecisionForm } from "./decision-form";

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The transaction the link asks about, with its category's details and when the link expires. */
export function RequestCard({ view, action }: { view: EmergencyLinkView; action: DecisionAction }) {
  const txn = view.transaction;
  const fields = filledCustomFields(view);
  return (
    <Card className="overflow-hidden">
      <div
        className={cn(
          "px-5 py-5 text-white sm:px-6",
          action === "approve" ? "bg-gradient-to-r from-red-700 to-orange-700" : "bg-gradient-to-r from-red-800 to-red-600",
        )}
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-red-700">
            <Siren className="h-3.5 w-3.5" aria-hidden="true" />
            Urgent
          </span>
          <span className="text-xs font-medium text-white">Emergency approval request</span>
        </div>
        <h1 className="mt-3 text-2xl font-bold tracking-tight">{DECISION_WORDS[action].heading}</h1>
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
  );
}

/** The approver's code and PIN (a reason too, for a rejection) and the button that decides. */
export function DecisionCard({ approvers, action, form }: { approvers: readonly string[]; action: DecisionAction; form: DecisionForm }) {
  const { reason } = form;
  return (
    <Card className="space-y-4 px-5 py-5 sm:px-6">
      <Field label="Select Approver" error={form.selectError} required>
        <Select
          value={form.approver}
          onChange={(e) => form.chooseApprover(e.target.value)}
          placeholder="Choose your initials"
          options={approvers.map((code) => ({ value: code, label: code }))}
          className="h-12 text-base"
        />
      </Field>
      <Field label="PIN" error={form.pinError} hint="The 6 to 8 digit PIN of the approver code you picked." required>
        <Input
          ref={form.pinInput}
          type="password"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={8}
          value={form.pin}
          onChange={(e) => form.typePin(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") form.submit();
          }}
          className="h-12 text-lg tracking-[0.3em]"
        />
      </Field>
      {action === "reject" ? (
        <Field
          label="Reason (optional)"
          hint={`Tells the requester what to fix; at most ${EMERGENCY_REASON_MAX} characters (${reason.length}/${EMERGENCY_REASON_MAX}).`}
        >
          <Textarea
            rows={3}
            maxLength={EMERGENCY_REASON_MAX}
            value={reason}
            onChange={(e) => form.setReason(e.target.value)}
            placeholder="e.g. Wrong vendor account"
          />
        </Field>
      ) : null}
      {form.formError ? <Alert variant="destructive">{form.formError}</Alert> : null}
      <Button
        size="lg"
        variant={action === "approve" ? "default" : "destructive"}
        className={cn("h-14 w-full text-lg font-bold tracking-wide", action === "approve" && "bg-green-700 hover:bg-green-800")}
        onClick={form.submit}
        disabled={form.decision.isPending}
      >
        {action === "approve" ? <CircleCheck className="h-5 w-5" aria-hidden="true" /> : <CircleX className="h-5 w-5" aria-hidden="true" />}
        {form.decision.isPending ? "Processing..." : DECISION_WORDS[action].button}
      </Button>
      <p className="text-center text-xs text-slate-600">
        This link can be used once. Your decision takes effect immediately and is recorded with your initials.
      </p>
    </Card>
  );
}
