import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export type PagePlaceholderProps = {
  title: string;
  /** What the screen will do, in a sentence. */
  description?: ReactNode;
  /** Public pages (no shell) get a full-screen frame of their own. */
  fullPage?: boolean;
};

/** Stands in for a screen that later work builds; replace the page file, not this component. */
export function PagePlaceholder({ title, description, fullPage = false }: PagePlaceholderProps) {
  const card = (
    <Card className="mx-auto w-full max-w-2xl">
      <div className="flex flex-col items-center px-6 py-12 text-center sm:px-10">
        <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Construction className="h-6 w-6" aria-hidden="true" />
        </div>
        {fullPage ? (
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        ) : (
          <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        )}
        <p className="mt-2 text-sm font-medium text-slate-700">This screen is not available yet.</p>
        {description ? <p className="mt-2 max-w-md text-sm text-slate-600">{description}</p> : null}
      </div>
    </Card>
  );
  if (!fullPage) return card;
  return <main className={cn("flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10")}>{card}</main>;
}
