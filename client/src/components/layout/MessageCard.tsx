import type { ComponentType, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export type MessageCardProps = {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  tone?: "neutral" | "danger";
  /** The heading level: h1 when the card is the whole page. */
  as?: "h1" | "h2";
};

/** A centred card with an icon, a heading, a text and an action: 404, access denied and the like. */
export function MessageCard({ icon: Icon, title, children, action, tone = "neutral", as: Heading = "h2" }: MessageCardProps) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <div className="flex flex-col items-center px-6 py-10 text-center sm:px-10">
        <div
          className={cn(
            "mb-4 flex h-12 w-12 items-center justify-center rounded-full",
            tone === "danger" ? "bg-red-50 text-red-700" : "bg-slate-100 text-slate-600",
          )}
        >
          <Icon className="h-6 w-6" aria-hidden="true" />
        </div>
        <Heading className="text-xl font-semibold text-slate-900">{title}</Heading>
        {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
        {action ? <div className="mt-6">{action}</div> : null}
      </div>
    </Card>
  );
}
