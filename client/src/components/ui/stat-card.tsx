import type { ComponentType, ReactNode } from "react";
import { TrendingDown, TrendingUp } from "lucide-react";
import { cn } from "@/lib/utils";
import { Card } from "./card";

export type StatCardVariant = "default" | "success" | "warning" | "error";

export type StatCardProps = {
  title: ReactNode;
  value: ReactNode;
  subtitle?: ReactNode;
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  variant?: StatCardVariant;
  /** A short trend text, e.g. '+12% from last month'; `direction` picks the arrow (default up). */
  trend?: { value: ReactNode; direction?: "up" | "down" };
  className?: string;
};

const iconStyles: Record<StatCardVariant, string> = {
  default: "bg-brand-50 text-brand-700",
  success: "bg-green-50 text-green-700",
  warning: "bg-amber-50 text-amber-700",
  error: "bg-red-50 text-red-700",
};

const accent: Record<StatCardVariant, string> = {
  default: "before:bg-brand-500",
  success: "before:bg-green-500",
  warning: "before:bg-amber-500",
  error: "before:bg-red-500",
};

/** The generic stat card of the dashboards (spec 000 §2): title, value, subtitle, icon, variant and trend. */
export function StatCard({ title, value, subtitle, icon: Icon, variant = "default", trend, className }: StatCardProps) {
  const TrendIcon = trend?.direction === "down" ? TrendingDown : TrendingUp;
  return (
    <Card
      className={cn("relative overflow-hidden p-5 before:absolute before:inset-y-0 before:left-0 before:w-1 before:content-['']", accent[variant], className)}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{title}</p>
          <p className="mt-2 wrap-anywhere text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</p>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {Icon ? (
          <div className={cn("flex h-10 w-10 shrink-0 items-center justify-center rounded-lg", iconStyles[variant])}>
            <Icon className="h-5 w-5" aria-hidden="true" />
          </div>
        ) : null}
      </div>
      {trend ? (
        <p className={cn("mt-3 inline-flex items-center gap-1 text-xs font-medium", trend.direction === "down" ? "text-red-700" : "text-green-700")}>
          <TrendIcon className="h-3.5 w-3.5" aria-hidden="true" />
          {trend.value}
        </p>
      ) : null}
    </Card>
  );
}
