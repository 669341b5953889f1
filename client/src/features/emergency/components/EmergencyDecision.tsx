// The public emergency approval and rejection pages (spec 001 §2, DECISIONS §5): opened from a
// link on a phone, no sign-in. The token decides the action; the approver picks their code and
// types its PIN (DECISIONS §10: the owner receives the links, so a link alone decides nothing).
// What the approver fills in is useDecisionForm's; the cards and end screens are drawn apart.
import { Clock, LinkIcon, ShieldAlert } from "lucide-react";
import { EMERGENCY_LINK_EXPIRED_MESSAGE, EMERGENCY_LINK_INVALID_MESSAGE } from "@shared/constants";
import { CenteredSpinner } from "@/components/ui";
import { errorMessage, errorStatus } from "@/lib/api";
import { useEmergencyLink } from "../api";
import { useDecisionForm, type DecisionAction } from "./decision-form";
import { DecidedOutcome, Frame, Outcome } from "./DecisionOutcome";
import { DecisionCard, RequestCard } from "./DecisionSections";

export function EmergencyDecision({ token, action }: { token: string; action: DecisionAction }) {
  const link = useEmergencyLink(token);
  const form = useDecisionForm(token, action);
  const { decision } = form;

  if (form.done) return <DecidedOutcome done={form.done} />;

  if (link.isPending) {
    return (
      <Frame>
        <CenteredSpinner label="Loading the approval request" />
      </Frame>
    );
  }

  // A decision refused because the link is void or expired shows the same screens as opening it.
  const decisionStatus = decision.isError ? errorStatus(decision.error) : undefined;
  const status = link.isError
    ? errorStatus(link.error)
    : decisionStatus === 404 || decisionStatus === 410 || decisionStatus === 423
      ? decisionStatus
      : undefined;
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
      <Outcome
        tone="danger"
        icon={<ShieldAlert className="h-7 w-7" aria-hidden="true" />}
        title={status === 423 ? "System Lockdown" : "Unable to Load Request"}
      >
        <p>{errorMessage(link.error ?? decision.error, "This emergency approval request could not be loaded. Please try again.")}</p>
      </Outcome>
    );
  }

  return (
    <Frame>
      <RequestCard view={link.data} action={action} />
      <DecisionCard approvers={link.data.approvers} action={action} form={form} />
    </Frame>
  );
}
