import { forwardRef, type InputHTMLAttributes } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** An Input with a fixed prefix ('₹') inside its left edge; takes Field's id and aria props like Input. */
export const PrefixedInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { prefix: string }>(function PrefixedInput(
  { prefix, className, ...props },
  ref,
) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm font-medium text-slate-600" aria-hidden="true">
        {prefix}
      </span>
      <Input ref={ref} className={cn("pl-7", className)} {...props} />
    </div>
  );
});
