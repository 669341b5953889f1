// How to put the app on a phone's home screen (DECISIONS §14). On an iPhone, Web Push works only
// for an app added to the Home Screen, from iOS 16.4 on.
import { TabletSmartphone } from "lucide-react";
import { Card } from "@/components/ui";

export function InstallHelp() {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
          <TabletSmartphone className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">Install the app on your phone</h2>
          <p className="mt-0.5 text-sm text-slate-600">It opens from the home screen like any app, and can tell you when something waits for you.</p>
        </div>
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="install-iphone">
          <h3 id="install-iphone" className="text-sm font-semibold text-slate-900">
            iPhone and iPad
          </h3>
          <ol className="mt-1.5 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Open this site in Safari.</li>
            <li>
              Tap <span className="font-medium">Share</span>, then <span className="font-medium">Add to Home Screen</span>.
            </li>
            <li>Open the app from the Home Screen, sign in, and turn on notifications here.</li>
          </ol>
          <p className="mt-2 text-xs text-slate-600">Notifications on an iPhone need iOS 16.4 or later, and work only in the app added to the Home Screen.</p>
        </section>
        <section aria-labelledby="install-android">
          <h3 id="install-android" className="text-sm font-semibold text-slate-900">
            Android
          </h3>
          <ol className="mt-1.5 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Open this site in Chrome.</li>
            <li>
              Tap the <span className="font-medium">⋮</span> menu, then <span className="font-medium">Install app</span> (or{" "}
              <span className="font-medium">Add to Home screen</span>).
            </li>
            <li>Open it from the home screen and turn on notifications here.</li>
          </ol>
        </section>
      </div>
    </Card>
  );
}
