import { forwardRef, type SelectHTMLAttributes } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/utils";
import { fieldControlClasses } from "./input";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  /** Options to render; children may be given instead. */
  options?: readonly SelectOption[];
  /** A first, empty option ('Select a category'). */
  placeholder?: string;
};

/** A native select styled like the other controls (native keeps it accessible on phones). */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ className, options, placeholder, children, ...props }, ref) {
  return (
    <div className="relative">
      <select ref={ref} className={cn(fieldControlClasses, "h-10 appearance-none py-2 pr-9", className)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
    </div>
  );
});
