// Admin Dashboard (spec 001 §2): stats, health and lockdown badges, the lockdown toggle with a
// confirmation, tabs, quick actions and system alerts.
import { useRef, useState, type KeyboardEvent } from "react";
import {
  Activity,
  AlertTriangle,
  ArrowRight,
  CheckCircle2,
  Clock,
  FolderCog,
  IndianRupee,
  PieChart,
  Receipt,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  Unlock,
  Users,
} from "lucide-react";
import { Link } from "wouter";
import { formatDateTime, formatRupees } from "@shared/format";
import { PATHS } from "@/lib/paths";
import { Alert, Badge, Button, buttonVariants, Card, ConfirmDialog, StatCard } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useAdminStats, useEmergencyStatus, useEmergencyToggle } from "../api";

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "users", label: "Users", href: PATHS.adminUsers, text: "Create accounts, change credentials and enable or disable users.", cta: "Open Admin Users" },
  {
    id: "transactions",
    label: "Transactions",
    href: PATHS.transactions,
    text: "Every transaction in the system, with filters and export.",
    cta: "Open All Transactions",
  },
  {
    id: "budgets",
    label: "Budgets",
    href: PATHS.categories,
    text: "Budgets follow categories: set categories and their approval rules.",
    cta: "Open Category Settings",
  },
  {
    id: "system",
    label: "System",
    href: PATHS.categories,
    text: "Categories, custom fields, approval requirements and emergency limits.",
    cta: "Open Category Settings",
  },
  { id: "reports", label: "Reports", href: PATHS.audit, text: "The complete activity log, searchable and exportable as CSV.", cta: "Open Audit Trail" },
] as const;

const QUICK_ACTIONS = [
  { href: PATHS.users, label: "Manage Users", icon: Users },
  { href: PATHS.transactions, label: "All Transactions", icon: Receipt },
  { href: PATHS.categories, label: "Category Settings", icon: FolderCog },
  { href: PATHS.audit, label: "Audit Trail", icon: ScrollText },
] as const;

export default function AdminDashboardPage() {
  const stats = useAdminStats();
  const emergency = useEmergencyStatus();
  const toggle = useEmergencyToggle();
  const [confirming, setConfirming] = useState(false);
  const [tab, setTab] = useState<(typeof TABS)[number]["id"]>("overview");
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const s = stats.data;
  const locked = emergency.data?.enabled ?? s?.lockdown?.enabled ?? false;
  const activatedAt = emergency.data?.activatedAt ?? s?.lockdown?.activatedAt ?? null;
  const utilisation = s ? Math.round(s.budgetUtilization * 10) / 10 : 0;

  const doToggle = async () => {
    const enable = !locked;
    try {
      const answer = await toggle.mutateAsync(enable);
      toast(
        enable
          ? { title: "Emergency Lockdown Activated", description: answer?.message ?? "All non-SuperAdmin access is blocked and their sessions were ended" }
          : { title: "System Access Restored", description: answer?.message ?? "Everyone can sign in again" },
      );
    } catch (err) {
      toast({ title: "Emergency Toggle Failed", description: errorMessage(err, "Failed to toggle emergency mode"), variant: "destructive" });
    } finally {
      setConfirming(false);
    }
  };

  const onTabKey = (e: KeyboardEvent, index: number) => {
    const next = e.key === "ArrowRight" ? index + 1 : e.key === "ArrowLeft" ? index - 1 : e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const i = (next + TABS.length) % TABS.length;
    setTab(TABS[i].id);
    tabRefs.current[i]?.focus();
  };

  const alerts: { title: string; text: string; variant: "warning" | "success" }[] = [];
  if (s && s.budgetUtilization > 80)
    alerts.push({ title: "Budget Alert", text: `Budget utilisation is at ${utilisation}% of the allocated amount.`, variant: "warning" });
  if (s && s.pendingTransactions > 10)
    alerts.push({ title: "Approval Backlog", text: `${s.pendingTransactions} transactions are waiting for approval.`, variant: "warning" });

  const current = TABS.find((t) => t.id === tab)!;

  return (
    <div className="space-y-5">
      {locked ? (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border border-red-300 bg-red-600 p-4 text-white shadow-sm sm:flex-row sm:items-center">
          <ShieldAlert className="h-6 w-6 shrink-0" aria-hidden="true" />
          <div className="flex-1">
            <p className="font-semibold">Emergency lockdown is active</p>
            <p className="text-sm text-red-50">All non-SuperAdmin access is blocked{activatedAt ? ` since ${formatDateTime(activatedAt)}` : ""}.</p>
          </div>
        </div>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-2">
          {s ? (
            s.systemHealth === "good" ? (
              <Badge variant="success" className="px-3 py-1 text-sm">
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                System Healthy
              </Badge>
            ) : (
              <Badge variant="warning" className="px-3 py-1 text-sm">
                <AlertTriangle className="h-4 w-4" aria-hidden="true" />
                System Issues
              </Badge>
            )
          ) : null}
          <Badge variant={locked ? "destructive" : "success"} className="px-3 py-1 text-sm">
            {locked ? <ShieldAlert className="h-4 w-4" aria-hidden="true" /> : <ShieldCheck className="h-4 w-4" aria-hidden="true" />}
            {locked ? "LOCKDOWN ACTIVE" : "System Normal"}
          </Badge>
        </div>
        <Button variant={locked ? "outline" : "destructive"} onClick={() => setConfirming(true)} disabled={toggle.isPending || emergency.isLoading}>
          {locked ? <Unlock className="h-4 w-4" aria-hidden="true" /> : <ShieldAlert className="h-4 w-4" aria-hidden="true" />}
          {locked ? "Restore Access" : "Emergency Lockdown"}
        </Button>
      </div>

      {stats.isError ? <Alert variant="destructive">{errorMessage(stats.error, "Failed to load admin statistics")}</Alert> : null}

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
        <StatCard title="Total Users" value={s?.totalUsers ?? "—"} subtitle={s ? `${s.activeUsers} active` : "Loading…"} icon={Users} />
        <StatCard
          title="Transactions"
          value={s?.totalTransactions ?? "—"}
          subtitle={s ? `${s.pendingTransactions} pending approval` : "Loading…"}
          icon={Receipt}
          variant={s && s.pendingTransactions > 10 ? "warning" : "default"}
        />
        <StatCard
          title="Total Amount"
          value={s ? formatRupees(s.totalAmount) : "—"}
          subtitle={s ? `${formatRupees(s.monthlySpent)} this month` : "Loading…"}
          icon={IndianRupee}
          variant="success"
        />
        <StatCard
          title="Budget Usage"
          value={s ? `${utilisation}%` : "—"}
          subtitle="Of active budgets"
          icon={PieChart}
          variant={utilisation > 80 ? "error" : "default"}
        />
      </section>

      <Card>
        <div role="tablist" aria-label="Admin sections" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-3 pt-2">
          {TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={cn(
                "-mb-px whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                tab === t.id ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="p-5">
          {"href" in current ? (
            <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700">{current.text}</p>
              <Link href={current.href} className={buttonVariants({ variant: "outline" })}>
                {current.cta}
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </div>
          ) : (
            <div className="grid gap-5 lg:grid-cols-2">
              <section aria-labelledby="quick-actions">
                <h2 id="quick-actions" className="mb-3 text-base font-semibold text-slate-900">
                  Quick Actions
                </h2>
                <ul className="grid grid-cols-2 gap-3">
                  {QUICK_ACTIONS.map((a) => (
                    <li key={a.label}>
                      <Link
                        href={a.href}
                        className="flex h-full flex-col items-start gap-2 rounded-lg border border-slate-200 p-4 text-sm font-medium text-slate-900 transition-colors hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      >
                        <a.icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
                        {a.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="system-alerts">
                <h2 id="system-alerts" className="mb-3 text-base font-semibold text-slate-900">
                  System Alerts
                </h2>
                <ul className="grid gap-2">
                  {alerts.map((a) => (
                    <li key={a.title}>
                      <Alert variant={a.variant} title={a.title}>
                        {a.text}
                      </Alert>
                    </li>
                  ))}
                  <li>
                    <Alert variant="success" title="All systems operational">
                      <span className="inline-flex items-center gap-1">
                        <Activity className="h-3.5 w-3.5" aria-hidden="true" />
                        Services are responding normally.
                      </span>
                    </Alert>
                  </li>
                </ul>
                <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-500">
                  <Clock className="h-3.5 w-3.5" aria-hidden="true" />
                  Refreshes every 30 seconds
                </p>
              </section>
            </div>
          )}
        </div>
      </Card>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={locked ? "Restore Access?" : "Activate Emergency Lockdown?"}
        description={
          locked
            ? "Everyone will be able to sign in again."
            : "All access except SuperAdmins will be blocked at once and every other session will be terminated."
        }
        confirmLabel={locked ? "Restore Access" : "Activate Lockdown"}
        destructive={!locked}
        pending={toggle.isPending}
        onConfirm={doToggle}
      />
    </div>
  );
}
