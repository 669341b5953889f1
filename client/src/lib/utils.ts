// Class name helpers: clsx joins (conditions, arrays, objects), tailwind-merge lets a later
// utility override an earlier one of the same kind: cn("px-4 text-slate-700", "px-2 text-white")
// gives "px-2 text-white". Components put their defaults first and the caller's className last.
// tailwind-merge 2.x is the major that knows Tailwind 3's utilities.
import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
