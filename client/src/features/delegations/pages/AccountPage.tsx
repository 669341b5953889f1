// My Account (/account): who you are in the app, what you may approve, and, for an Approver or
// SuperAdmin, "Away? Delegate your approvals" (DECISIONS §11).
import { BadgeIndianRupee, IdCard, ShieldCheck } from "lucide-react";
import { formatRupees } from "@shared/format";
import { Link } from "wouter";
import { Badge, buttonVariants, Card } from "@/components/ui";
import { InstallHelp } from "@/features/reach";
import { PATHS } from "@/lib/paths";
import { useCurrentUser } from "@/lib/session";
import { DelegationSection } from "../components/DelegationSection";

export default function AccountPage() {
  const me = useCurrentUser();
  const approves = me.permissions.approvesTransactions;
  return (
    <div className="space-y-5">
      <Card className="p-5">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
              <IdCard className="h-4 w-4" aria-hidden="true" />
              Name
            </dt>
            <dd className="mt-1 wrap-anywhere font-medium text-slate-900">{me.name}</dd>
            <dd className="text-sm text-slate-600">@{me.username}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              Role
            </dt>
            <dd className="mt-1">
              <Badge variant="info">{me.role}</Badge>
            </dd>
          </div>
          {approves ? (
            <div>
              <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
                <BadgeIndianRupee className="h-4 w-4" aria-hidden="true" />
                Approval limit
              </dt>
              <dd className="mt-1 font-medium tabular-nums text-slate-900">{me.approvalLimit ? `Up to ${formatRupees(me.approvalLimit)}` : "No limit"}</dd>
              <dd className="text-sm text-slate-600">Set by a SuperAdmin. Rejecting is always allowed.</dd>
            </div>
          ) : null}
        </dl>
      </Card>
      {approves ? <DelegationSection me={me} /> : null}
      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
          <p className="mt-0.5 text-sm text-slate-600">Be told on your phone and by email when something waits for you or your transaction is decided.</p>
        </div>
        <Link href={PATHS.accountNotifications} className={buttonVariants({ variant: "outline" })}>
          Notification settings
        </Link>
      </Card>
      <InstallHelp />
    </div>
  );
}
