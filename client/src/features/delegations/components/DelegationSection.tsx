// "Away? Delegate your approvals" (DECISIONS §11): an Approver or SuperAdmin hands their approval
// authority to another for whole days, sees what they gave and received, and ends one early with a
// reason. The SuperAdmin's view ('all') lists everyone's and may record one for anyone. The rules
// (no self, no overlap, no chain, at most 90 days, today or later) are the server's; its message
// is shown as it is.
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { CalendarClock, CalendarOff, Plane, UserCheck } from "lucide-react";
import { LIMITS } from "@shared/constants";
import { formatDate } from "@shared/format";
import type { Delegation } from "@shared/schemas/delegations";
import { Alert, Badge, type BadgeVariant, Button, Card, Dialog, DialogContent, EmptyState, Field, Input, Select, Spinner, Textarea } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { todayInAppZone } from "@/lib/app-config";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { useDelegateCandidates, useDelegationMutations, useDelegations, type NewDelegation } from "../api";

type Values = { delegatorId: string; delegateId: string; from: string; to: string; reason: string };

const resolver = lazyZodResolver<Values, NewDelegation>(async () => {
  const [{ z }, { createDelegationSchema }] = await Promise.all([import("zod"), import("@shared/schemas/delegations")]);
  // An empty delegator is the signed-in user (the server's default).
  return z.preprocess((input) => {
    const v = input as Values;
    return { ...v, delegatorId: v.delegatorId || undefined };
  }, createDelegationSchema);
});

const STATE: Record<Delegation["state"], { label: string; variant: BadgeVariant }> = {
  upcoming: { label: "Upcoming", variant: "info" },
  active: { label: "Active now", variant: "success" },
  over: { label: "Over", variant: "secondary" },
  ended: { label: "Ended early", variant: "warning" },
};

function days(d: Delegation): string {
  return d.from === d.to ? formatDate(d.from) : `${formatDate(d.from)} – ${formatDate(d.to)}`;
}

/** One delegation as a line: who for whom, the days, the reason, and how it ended. */
function DelegationItem({ d, heading, onEnd }: { d: Delegation; heading: string; onEnd?: () => void }) {
  const state = STATE[d.state];
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium text-slate-900">{heading}</p>
          <Badge variant={state.variant}>{state.label}</Badge>
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarClock className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          {days(d)}
        </p>
        <p className="mt-1 wrap-anywhere text-sm text-slate-600">{d.reason}</p>
        {d.state === "ended" && d.endReason ? (
          <p className="mt-1 wrap-anywhere text-xs text-slate-600">
            Ended{d.endedBy ? ` by ${d.endedBy.name}` : ""}
            {d.endedAt ? ` on ${formatDate(d.endedAt)}` : ""}: {d.endReason}
          </p>
        ) : null}
      </div>
      {onEnd && (d.state === "active" || d.state === "upcoming") ? (
        <Button variant="outline" size="sm" className="self-start" onClick={onEnd}>
          <CalendarOff className="h-4 w-4" aria-hidden="true" />
          {d.state === "active" ? "End early" : "Cancel"}
        </Button>
      ) : null}
    </li>
  );
}

function EndDialog({ delegation, onOpenChange }: { delegation: Delegation | null; onOpenChange: (open: boolean) => void }) {
  const { end } = useDelegationMutations();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setReason("");
    setError(undefined);
  }, [delegation]);
  const submit = async () => {
    if (!delegation) return;
    if (!reason.trim()) {
      setError("Say why the delegation ends early");
      return;
    }
    try {
      await end.mutateAsync({ id: delegation.id, reason: reason.trim() });
      toast({ title: "Delegation Ended", description: `${delegation.delegate.name} no longer approves for ${delegation.delegator.name}` });
      onOpenChange(false);
    } catch (err) {
      setError(errorIssues(err).reason ?? errorMessage(err, "Failed to end the delegation"));
    }
  };
  return (
    <Dialog open={delegation !== null} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title={delegation?.state === "upcoming" ? "Cancel Delegation" : "End Delegation Early"}
        description={delegation ? `${delegation.delegate.name} for ${delegation.delegator.name}, ${days(delegation)}.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={end.isPending}>
              Keep It
            </Button>
            <Button variant="destructive" onClick={submit} disabled={end.isPending}>
              {end.isPending ? "Ending…" : "End Delegation"}
            </Button>
          </>
        }
      >
        <Field label="Reason" required error={error} hint="Kept in the audit trail">
          <Textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Back from leave early" />
        </Field>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form and the lists. `me`: the signed-in Approver or SuperAdmin. `all`: the SuperAdmin's view
 * of everyone's delegations, with a delegator to pick.
 */
export function DelegationSection({ me, all = false }: { me: { id: string; name: string }; all?: boolean }) {
  const list = useDelegations();
  const candidates = useDelegateCandidates();
  const { create } = useDelegationMutations();
  const [ending, setEnding] = useState<Delegation | null>(null);
  const today = todayInAppZone();
  const form = useForm<Values, unknown, NewDelegation>({ resolver, defaultValues: { delegatorId: "", delegateId: "", from: today, to: today, reason: "" } });
  const { register, handleSubmit, reset, setError, formState, watch } = form;
  const errors = formState.errors;
  const delegatorId = watch("delegatorId") || me.id;
  const people = useMemo(() => (candidates.data ?? []).filter((c) => c.id !== delegatorId), [candidates.data, delegatorId]);
  const delegations = list.data ?? [];
  const given = delegations.filter((d) => d.delegator.id === me.id);
  const received = delegations.filter((d) => d.delegate.id === me.id);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const made = await create.mutateAsync(body);
      toast({ title: "Delegation Recorded", description: `${made.delegate.name} approves for ${made.delegator.name}, ${days(made)}` });
      reset({ delegatorId: "", delegateId: "", from: today, to: today, reason: "" });
    } catch (err) {
      const issues = errorIssues(err);
      for (const [path, message] of Object.entries(issues)) setError(path as keyof Values, { message });
      if (!Object.keys(issues).length) setError("root", { message: errorMessage(err, "Failed to record the delegation") });
    }
  });

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="p-5">
        <div className="flex items-center gap-2">
          <Plane className="h-5 w-5 text-brand-700" aria-hidden="true" />
          <h2 className="text-base font-semibold text-slate-900">{all ? "Record a delegation" : "Away? Delegate your approvals"}</h2>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {all
            ? "For someone who is away: their delegate approves in their place, up to their limit, for whole days."
            : "While you are away, your delegate approves in your place where their own authority falls short, for whole days. Never for a transaction you created."}
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-4 grid items-start gap-4 sm:grid-cols-2">
          {all ? (
            <Field label="Away" required error={errors.delegatorId?.message} className="sm:col-span-2">
              <Select {...register("delegatorId")} disabled={candidates.isLoading}>
                <option value="">{me.name} (you)</option>
                {(candidates.data ?? [])
                  .filter((c) => c.id !== me.id)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({c.role})
                    </option>
                  ))}
              </Select>
            </Field>
          ) : null}
          <Field label="Delegate" required error={errors.delegateId?.message} className="sm:col-span-2">
            <Select
              {...register("delegateId")}
              placeholder={candidates.isLoading ? "Loading people…" : "Choose who approves for you"}
              disabled={candidates.isLoading}
            >
              {people.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.role})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="From" required error={errors.from?.message}>
            <Input type="date" min={today} {...register("from")} />
          </Field>
          <Field label="To" required error={errors.to?.message} hint={`Both days included; at most ${LIMITS.delegationMaxDays} days`}>
            <Input type="date" min={today} {...register("to")} />
          </Field>
          <Field label="Reason" required error={errors.reason?.message} className="sm:col-span-2">
            <Input autoComplete="off" maxLength={500} placeholder="e.g. Annual leave" {...register("reason")} />
          </Field>
          {errors.root?.message ? (
            <Alert variant="destructive" className="sm:col-span-2">
              {errors.root.message}
            </Alert>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              <UserCheck className="h-4 w-4" aria-hidden="true" />
              {create.isPending ? "Saving…" : "Delegate"}
            </Button>
          </div>
        </form>
      </Card>

      <div className="grid content-start gap-5">
        {list.isError ? <Alert variant="destructive">{errorMessage(list.error, "Failed to load delegations")}</Alert> : null}
        {list.isLoading ? (
          <div className="flex justify-center py-10">
            <Spinner size="lg" label="Loading delegations" />
          </div>
        ) : all ? (
          <DelegationList
            title={`All delegations (${delegations.length})`}
            items={delegations}
            heading={(d) => `${d.delegate.name} for ${d.delegator.name}`}
            empty="Nobody has delegated their approvals."
            onEnd={setEnding}
          />
        ) : (
          <>
            <DelegationList
              title="Given"
              items={given}
              heading={(d) => `${d.delegate.name} approves for you`}
              empty="You have not delegated your approvals."
              onEnd={setEnding}
            />
            <DelegationList
              title="Received"
              items={received}
              heading={(d) => `You approve for ${d.delegator.name}`}
              empty="Nobody has delegated their approvals to you."
              onEnd={setEnding}
            />
          </>
        )}
      </div>
      <EndDialog delegation={ending} onOpenChange={(open) => !open && setEnding(null)} />
    </div>
  );
}

function DelegationList({
  title,
  items,
  heading,
  empty,
  onEnd,
}: {
  title: string;
  items: Delegation[];
  heading: (d: Delegation) => string;
  empty: string;
  onEnd: (d: Delegation) => void;
}) {
  return (
    <Card>
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">{title}</h3>
      {items.length === 0 ? (
        <EmptyState icon={Plane} title={empty} className="py-8" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((d) => (
            <DelegationItem key={d.id} d={d} heading={heading(d)} onEnd={() => onEnd(d)} />
          ))}
        </ul>
      )}
    </Card>
  );
}
