// The frame of a screen a signed-in user must get through before the app opens: a second factor
// their role requires (DECISIONS §13), their own password after a one-time one (§15). The server
// refuses their other calls meanwhile, so the frame draws nothing else: who is signed in, the way
// out by signing out, the step's title and the step.
import type { ReactNode } from "react";
import { Building2, LogOut } from "lucide-react";
import { useCurrentUser, useLogout } from "@/lib/session";
import { Button } from "@/components/ui";
import { cn } from "@/lib/utils";

const WIDTHS = {
  /** One column of fields, phone first. */
  form: { header: "max-w-lg", main: "max-w-lg" },
  /** Panels that use a desktop's width. */
  panels: { header: "max-w-3xl sm:px-6", main: "max-w-3xl sm:px-6 lg:py-8" },
} as const;

export function BeforeYouGoOn({
  title,
  subtitle,
  width,
  showRole = false,
  children,
}: {
  title: string;
  subtitle: string;
  width: keyof typeof WIDTHS;
  /** Beside the name, when the step is asked of the role. */
  showRole?: boolean;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-30 bg-slate-900 text-white shadow-sm">
        <div className={cn("mx-auto flex h-14 items-center gap-3 px-4", WIDTHS[width].header)}>
          <div className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600">
            <Building2 className="h-4 w-4" aria-hidden="true" />
          </div>
          <p className="min-w-0 flex-1 truncate text-sm text-slate-300">
            {user.name}
            {showRole ? <span className="text-slate-400"> · {user.role}</span> : null}
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className="text-slate-200 hover:bg-white/10 hover:text-white focus-visible:ring-offset-slate-900"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className={cn("mx-auto px-4 py-6 focus:outline-none", WIDTHS[width].main)}>
        <div className="mb-5">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        </div>
        {children}
      </main>
    </div>
  );
}
