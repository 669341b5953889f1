import { cn } from "@/lib/utils";

export type ProgressProps = {
  /** 0 to 100; omit for an indeterminate bar (work in progress of unknown length). */
  value?: number;
  /** The accessible name of the bar ('Upload progress'). */
  label: string;
  className?: string;
  /** Colour of the filled part. */
  tone?: "brand" | "success" | "warning" | "danger";
};

// Kept with the component (index.css belongs to the shell); motion-reduce users see a still bar.
const KEYFRAMES =
  "@keyframes ui-progress-slide{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}@media (prefers-reduced-motion: reduce){[style*=ui-progress-slide]{animation:none!important}}";

const tones = { brand: "bg-brand-600", success: "bg-green-600", warning: "bg-amber-500", danger: "bg-red-600" } as const;

/** A progress bar (role=progressbar); without a value it shows an indeterminate sliding bar. */
export function Progress({ value, label, className, tone = "brand" }: ProgressProps) {
  const indeterminate = value === undefined;
  const clamped = indeterminate ? 0 : Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : Math.round(clamped)}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-slate-200", className)}
    >
      {indeterminate ? (
        <>
          <style>{KEYFRAMES}</style>
          <div
            className={cn("absolute inset-y-0 left-0 w-1/3 rounded-full motion-reduce:w-full motion-reduce:opacity-60", tones[tone])}
            style={{ animation: "ui-progress-slide 1.2s ease-in-out infinite" }}
          />
        </>
      ) : (
        <div className={cn("h-full rounded-full transition-[width] duration-300", tones[tone])} style={{ width: `${clamped}%` }} />
      )}
    </div>
  );
}
