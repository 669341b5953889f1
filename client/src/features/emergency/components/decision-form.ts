// The emergency decision as the approver fills it in (DECISIONS §5, §10): their code, its PIN, a
// reason for a rejection, what the server refused, and the decision once it is made. A wrong PIN
// is cleared for the next try; the link stays usable.
import { useRef, useState } from "react";
import { EMERGENCY_PIN_THROTTLE, ENTER_PIN_MESSAGE, SELECT_APPROVER_MESSAGE } from "@shared/constants";
import type { EmergencyDecisionAnswer } from "@shared/schemas/emergency";
import { ApiError, errorIssues, errorMessage, errorStatus } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { useEmergencyDecision } from "../api";

export type DecisionAction = "approve" | "reject";

/** What each page says for its action (spec 001 §2). */
export const DECISION_WORDS: Record<DecisionAction, { heading: string; button: string; done: string; failure: string }> = {
  approve: {
    heading: "Emergency Approval",
    button: "APPROVE",
    done: "Transaction Approved",
    failure: "Failed to process approval. Please try again.",
  },
  reject: {
    heading: "Emergency Rejection",
    button: "REJECT",
    done: "Transaction Rejected",
    failure: "Failed to process rejection. Please try again.",
  },
};

const LOCK_MINUTES = EMERGENCY_PIN_THROTTLE.windowMs / 60_000;

/** What a wrong PIN's answer says about the tries left before the code is locked (DECISIONS §10). */
function wrongPinText(message: string, triesLeft: unknown): string {
  if (typeof triesLeft !== "number") return message;
  if (triesLeft <= 0) return `${message}. This approver code is now locked for ${LOCK_MINUTES} minutes.`;
  if (triesLeft === 1) return `${message}. Last try: one more wrong PIN locks this approver code for ${LOCK_MINUTES} minutes.`;
  return `${message}. ${triesLeft} tries left before this approver code is locked for ${LOCK_MINUTES} minutes.`;
}

export type DecisionForm = ReturnType<typeof useDecisionForm>;

export function useDecisionForm(token: string, action: DecisionAction) {
  const decision = useEmergencyDecision(token);
  const [approver, setApprover] = useState("");
  const [selectError, setSelectError] = useState<string | undefined>();
  const [pin, setPin] = useState("");
  const [reason, setReason] = useState("");
  const [pinError, setPinError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const pinInput = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState<EmergencyDecisionAnswer | null>(null);

  const chooseApprover = (code: string) => {
    setApprover(code);
    if (code) setSelectError(undefined);
  };

  /** The PIN is digits only, at most 8. */
  const typePin = (typed: string) => {
    const digits = typed.replace(/\D/g, "").slice(0, 8);
    setPin(digits);
    if (digits) setPinError(undefined);
  };

  const submit = () => {
    const missingApprover = !approver;
    const missingPin = !pin;
    setSelectError(missingApprover ? SELECT_APPROVER_MESSAGE : undefined);
    setPinError(missingPin ? ENTER_PIN_MESSAGE : undefined);
    setFormError(undefined);
    if (missingApprover || missingPin) return;
    runMutation(decision, action === "reject" && reason.trim() ? { approverName: approver, pin, reason: reason.trim() } : { approverName: approver, pin }, {
      onSuccess: setDone,
      onError: (err) => {
        const issues = errorIssues(err);
        const message = errorMessage(err, DECISION_WORDS[action].failure);
        if (issues.approverName) setSelectError(issues.approverName);
        else if (issues.pin || errorStatus(err) === 403) {
          // A wrong PIN: cleared for the next try; the link stays usable.
          setPinError(
            issues.pin ??
              wrongPinText(err instanceof ApiError ? (err.body?.message ?? message) : message, err instanceof ApiError ? err.body?.triesLeft : undefined),
          );
          setPin("");
          pinInput.current?.focus();
        } else setFormError(message);
      },
    });
  };

  return { decision, approver, chooseApprover, selectError, pin, typePin, pinError, pinInput, reason, setReason, formError, done, submit };
}
