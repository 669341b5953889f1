// The frame of the public emergency pages and the screens that end them (spec 001 §2): the decision
// made, or a link that cannot be used (void, expired, a lockdown).
import type { ReactNode } from "react";
import { CircleCheck, CircleX } from "lucide-react";
import type { EmergencyDecisionAnswer } from "@shared/schemas/emergency";
import { Card } from "@/components/ui";
import { cn } from "@/lib/utils";
import { DECISION_WORDS } from "./decision-form";

export function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-screen bg-gradient-to-b from-red-50 via-slate-50 to-slate-100 px-3 py-6 sm:px-6 sm:py-10">
      <div className="mx-auto w-full max-w-xl space-y-4">{children}</div>
    </main>
  );
}

export function Outcome({ tone, icon, title, children }: { tone: "success" | "danger" | "warning"; icon: ReactNode; title: string; children: ReactNode }) {
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

/** The decision made: by which code, on which transaction. */
export function DecidedOutcome({ done }: { done: EmergencyDecisionAnswer }) {
  const approved = done.action === "approve";
  return (
    <Outcome
      tone={approved ? "success" : "danger"}
      icon={approved ? <CircleCheck className="h-8 w-8" aria-hidden="true" /> : <CircleX className="h-8 w-8" aria-hidden="true" />}
      title={approved ? DECISION_WORDS.approve.done : DECISION_WORDS.reject.done}
    >
      <p>
        Transaction <span className="font-semibold">{done.transaction.humanReadableId}</span> has been {approved ? "approved" : "rejected"} by{" "}
        <span className="font-semibold">{done.approver}</span>.
      </p>
      <p className="mt-2 text-sm text-slate-600">The requester has been notified. You can close this page.</p>
    </Outcome>
  );
}
