import type { HTMLAttributes, ReactNode } from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { cn } from "@/lib/utils";

export type AlertVariant = "info" | "success" | "warning" | "destructive";

const styles: Record<AlertVariant, string> = {
  info: "border-brand-200 bg-brand-50 text-brand-800",
  success: "border-green-200 bg-green-50 text-green-800",
  warning: "border-amber-200 bg-amber-50 text-amber-800",
  destructive: "border-red-200 bg-red-50 text-red-700",
};

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, destructive: CircleAlert } as const;

export type AlertProps = Omit<HTMLAttributes<HTMLDivElement>, "title"> & { variant?: AlertVariant; title?: ReactNode };

/** An inline message. Destructive alerts use role="alert" so they are announced when they appear. */
export function Alert({ variant = "info", title, className, children, role, ...props }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={role ?? (variant === "destructive" ? "alert" : "status")}
      className={cn("flex gap-3 rounded-lg border px-4 py-3 text-sm", styles[variant], className)}
      {...props}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
