import { cn } from "@/lib/utils";
import { badgeLabel } from "@/features/notifications/selectors";

/** A red counter beside a menu item: shows '9+' above 9, reads "N unread" to screen readers. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          "inline-flex min-w-[1.25rem] items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-[11px] font-semibold leading-none text-white",
          className,
        )}
      >
        {badgeLabel(count)}
      </span>
      <span className="sr-only">, {count} unread</span>
    </>
  );
}
