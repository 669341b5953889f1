// A new build is installed and waiting (DECISIONS §14): the open app offers to take it now. Left
// alone, it takes effect the next time the app is opened.
import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";

export default function UpdateBanner({ onReload }: { onReload: () => void }) {
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:inset-x-auto sm:right-4"
    >
      <RefreshCw className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm text-slate-800">A new version of the app is ready.</p>
      <Button size="sm" onClick={onReload}>
        Reload to update
      </Button>
    </div>
  );
}
