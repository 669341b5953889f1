// What may be pushed and mailed (DECISIONS §14), one kind a line. A kind says which preference
// governs it (`pending`: something waits for the person; `decisions`: something happened to
// theirs), whether it also goes by email, and what it is about, so the worker can ask when it
// sends whether the person may still see that (delivery/subjects.ts). A new kind (a leave request
// for HR, its decision for the employee) is one line here, a subject (SubjectType here, its check in
// delivery/subjects.ts) if it is about a new kind of thing, and a Reach built like
// `reachAboutTransaction`'s, passed to notifyUsers where the bell's notification is written.
import type { ServiceContext } from "../context";
import { formatRupees } from "../../../shared/format";
import { deepLinks } from "../../../shared/deep-links";

export type ReachGroup = "pending" | "decisions";

/** What a message may be about; whether its person may still see it is asked when it is sent (delivery/subjects.ts). */
export type SubjectType = "transaction" | "leave_request" | "regularisation";

type KindRule = {
  group: ReachGroup;
  /** Whether an email goes too (as the person's email preference for the group says). */
  email: boolean;
  subject: SubjectType | null;
  /** Sent only while the subject is still in this state (a push about what waits, once decided, is not). */
  onlyWhile?: "pending";
};

export const REACH_KINDS = {
  approval_needed: { group: "pending", email: true, subject: "transaction", onlyWhile: "pending" },
  approved: { group: "decisions", email: true, subject: "transaction" },
  approval_received: { group: "decisions", email: false, subject: "transaction" },
  rejected: { group: "decisions", email: true, subject: "transaction" },
  payment_due: { group: "decisions", email: true, subject: "transaction" },
  paid: { group: "decisions", email: true, subject: "transaction" },
  payment_cancelled: { group: "decisions", email: false, subject: "transaction" },
  completed: { group: "decisions", email: false, subject: "transaction" },
  status_forced: { group: "decisions", email: true, subject: "transaction" },
  emergency_code_locked: { group: "pending", email: true, subject: "transaction" },
  delegation: { group: "decisions", email: false, subject: null },
  // DECISIONS §15: an employee's request waits for HR; its decision, or the approved leave
  // cancelled, is told to the employee.
  leave_request: { group: "pending", email: true, subject: "leave_request", onlyWhile: "pending" },
  regularisation_request: { group: "pending", email: true, subject: "regularisation", onlyWhile: "pending" },
  leave_decided: { group: "decisions", email: true, subject: "leave_request" },
  regularisation_decided: { group: "decisions", email: true, subject: "regularisation" },
  leave_cancelled: { group: "decisions", email: true, subject: null },
} as const satisfies Record<string, KindRule>;

export type ReachKind = keyof typeof REACH_KINDS;
export function kindRule(kind: string): KindRule | null {
  return (REACH_KINDS as Record<string, KindRule>)[kind] ?? null;
}

/**
 * What a push shows and an email says, decided when the change happens. `urgent`: sent at high
 * urgency and through quiet hours (an emergency). `headline` names the thing in an email's subject.
 */
export type ReachMessage = {
  title: string;
  body: string;
  url: string;
  tag: string;
  priority: boolean;
  urgent: boolean;
  headline: string;
};

/** What the outbox needs from the notifier: the kind, what it is about, the message, and whether email is on. */
export type Reach = {
  kind: ReachKind;
  subject: { type: SubjectType; id: string } | null;
  message: ReachMessage;
  email: boolean;
  /** When it is queued: the context's clock, the same the worker reads (due at once). */
  queuedAt: Date;
};

/** The facts of a transaction a message names. */
export type TransactionFacts = {
  id: string;
  humanReadableId: string;
  categoryName: string | null;
  amount?: string;
  creatorName?: string;
  isPriority?: boolean;
  isEmergency?: boolean;
  /** Set on an expense claim (DECISIONS §15): its owner opens it from My Claims. */
  claimantEmployeeId?: string | null;
};

type Audience = "approver" | "owner" | "overseer";

function linkFor(audience: Audience, t: Pick<TransactionFacts, "id" | "claimantEmployeeId">): string {
  if (audience === "approver") return deepLinks.review(t.id);
  if (audience === "owner") return t.claimantEmployeeId ? deepLinks.ownClaim(t.id) : deepLinks.ownTransaction(t.id);
  return deepLinks.transaction(t.id);
}

/**
 * A message about a transaction: "TXN-000123 · Travel · ₹12,500.00 · from Priya Nair" (what waits)
 * or "… · by Anita Desai" (what was decided), a line of detail after it when there is one.
 */
export function reachAboutTransaction(
  ctx: Pick<ServiceContext, "config" | "clock">,
  kind: ReachKind,
  t: TransactionFacts,
  words: { title: string; audience: Audience; by?: string; detail?: string | null },
): Reach {
  const amount = t.amount === undefined ? null : formatRupees(t.amount);
  const who = words.audience === "approver" && t.creatorName ? `from ${t.creatorName}` : words.by ? `by ${words.by}` : null;
  const body = [t.humanReadableId, t.categoryName, amount, who].filter(Boolean).join(" · ") + (words.detail ? `\n${words.detail}` : "");
  return {
    kind,
    subject: { type: "transaction", id: t.id },
    message: {
      title: words.title,
      body,
      url: linkFor(words.audience, t),
      tag: t.id,
      priority: Boolean(t.isPriority || t.isEmergency),
      urgent: Boolean(t.isEmergency) || kind === "emergency_code_locked",
      headline: [t.humanReadableId, t.categoryName, amount].filter(Boolean).join(" "),
    },
    email: emailOn(ctx),
    queuedAt: ctx.clock(),
  };
}

/** A message about nothing a person must be allowed to see (a delegation of approvals). */
export function aboutThePerson(ctx: Pick<ServiceContext, "config" | "clock">, kind: ReachKind, words: { title: string; body: string; tag: string }): Reach {
  return {
    kind,
    subject: null,
    message: { title: words.title, body: words.body, url: deepLinks.home, tag: words.tag, priority: false, urgent: false, headline: words.body },
    email: emailOn(ctx),
    queuedAt: ctx.clock(),
  };
}

/** A message about an employee's request (DECISIONS §15): to HR while it waits, to the employee once decided. */
export function reachAboutRequest(
  ctx: Pick<ServiceContext, "config" | "clock">,
  kind: ReachKind,
  request: { type: "leave_request" | "regularisation"; id: string },
  words: { title: string; body: string; url: string; headline: string },
): Reach {
  return {
    kind,
    subject: { type: request.type, id: request.id },
    message: { title: words.title, body: words.body, url: words.url, tag: request.id, priority: false, urgent: false, headline: words.headline },
    email: emailOn(ctx),
    queuedAt: ctx.clock(),
  };
}

export const emailOn = (ctx: Pick<ServiceContext, "config">) => ctx.config.mail !== null;
