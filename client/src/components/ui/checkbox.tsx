import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "@/lib/utils";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  /** When given, the checkbox is rendered with its own label (and optional hint) beside it. */
  label?: ReactNode;
  hint?: ReactNode;
};

/** A native checkbox (works with react-hook-form's register) with an optional label and hint. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ className, label, hint, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const box = (
    <input
      ref={ref}
      id={inputId}
      type="checkbox"
      aria-describedby={hintId}
      className={cn(
        "h-4 w-4 shrink-0 rounded border-slate-400 text-brand-600 accent-brand-600",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
        "disabled:cursor-not-allowed disabled:opacity-50",
        label ? "mt-0.5" : null,
        className,
      )}
      {...props}
    />
  );
  if (!label) return box;
  return (
    <div className="flex items-start gap-3">
      {box}
      <div className="grid gap-0.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
});
