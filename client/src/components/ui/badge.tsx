import type { HTMLAttributes } from "react";
import { cn } from "@/lib/utils";

export type BadgeVariant = "default" | "secondary" | "outline" | "success" | "warning" | "destructive" | "info" | "purple";

const variants: Record<BadgeVariant, string> = {
  default: "border-transparent bg-brand-600 text-white",
  secondary: "border-transparent bg-slate-100 text-slate-700",
  outline: "border-slate-300 bg-white text-slate-700",
  success: "border-green-200 bg-green-50 text-green-800",
  warning: "border-amber-200 bg-amber-50 text-amber-800",
  destructive: "border-red-200 bg-red-50 text-red-700",
  info: "border-brand-200 bg-brand-50 text-brand-800",
  purple: "border-purple-200 bg-purple-50 text-purple-800",
};

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant };

export function Badge({ className, variant = "secondary", ...props }: BadgeProps) {
  return (
    <span
      className={cn("inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium", variants[variant], className)}
      {...props}
    />
  );
}
