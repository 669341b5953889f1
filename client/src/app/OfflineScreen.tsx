import { useEffect } from "react";

/**
 * No answer from the server at all (DECISIONS §14): the installed app opens from its kept shell and
 * says so, instead of the browser's error or a sign-in form that cannot work. It tries again when
 * the device is back online, or when asked.
 */
export default function OfflineScreen({ retry }: { retry: () => void }) {
  useEffect(() => {
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [retry]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div role="alert" className="grid max-w-sm justify-items-center gap-3 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">You are offline</h1>
        <p className="text-sm text-slate-600">The app cannot reach the server. Check the connection; it tries again by itself once you are back online.</p>
        <button
          type="button"
          onClick={retry}
          className="mt-1 inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2"
        >
          Retry
        </button>
      </div>
    </main>
  );
}
