import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "./button";

export type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  className?: string;
};

/**
 * Every list's pager: 'Showing X–Y of N', and 'Page X of N' with Previous/Next once there is more
 * than one page. Nothing for an empty list (its empty state speaks).
 */
export function Pagination({ page, pageSize, total, onPageChange, className }: PaginationProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className={cn("flex flex-col items-center justify-between gap-3 pt-4 sm:flex-row", className)}>
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing <span className="font-medium text-slate-900">{from}</span>–<span className="font-medium text-slate-900">{to}</span> of{" "}
        <span className="font-medium text-slate-900">{total}</span>
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button variant="outline" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </Button>
          <span className="px-1 text-sm text-slate-700">
            Page {page} of {pages}
          </span>
          <Button variant="outline" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
            Next
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
