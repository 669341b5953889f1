import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

export type SpinnerProps = { className?: string; size?: "sm" | "md" | "lg"; label?: string };

const sizes = { sm: "h-4 w-4", md: "h-6 w-6", lg: "h-10 w-10" } as const;

export function Spinner({ className, size = "md", label = "Loading" }: SpinnerProps) {
  return (
    <span role="status" className={cn("inline-flex items-center justify-center text-brand-600", className)}>
      <LoaderCircle className={cn("animate-spin", sizes[size])} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the whole viewport (auth loading) or in its container. */
export function CenteredSpinner({ fullScreen = false, label }: { fullScreen?: boolean; label?: string }) {
  return (
    <div className={cn("flex w-full items-center justify-center", fullScreen ? "min-h-screen bg-slate-50" : "min-h-[40vh]")}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
