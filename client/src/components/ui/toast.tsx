import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { TOAST_DURATION, dismissToast, useToast, type ToastVariant } from "@/hooks/use-toast";

const variantClasses: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-700 bg-red-700 text-white",
};

/**
 * Escape belongs to the dialog the user is in, not to a toast raised over it (the toast's layer is
 * the newest, so Radix would give it the key and the dialog would need a second Escape). Unless
 * the focus is in the toast itself, the open dialog on top closes and the toast stays.
 */
function escapeToOpenDialog(event: KeyboardEvent) {
  if (event.target instanceof Element && event.target.closest("[data-toast]")) return;
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"]');
  const close = dialogs[dialogs.length - 1]?.querySelector<HTMLElement>("[data-dialog-close]");
  if (!close) return;
  event.preventDefault();
  close.click();
}

/**
 * Renders the toast store with Radix (spec 000 §9): default display 5000 ms, swipe right to
 * dismiss past 50 px, F8 focuses the region labelled 'Notification'.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map(({ id, title, description, variant = "default", duration, action, open }) => (
        <ToastPrimitive.Root
          key={id}
          data-toast=""
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          onEscapeKeyDown={escapeToOpenDialog}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
            "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
            "data-[swipe=end]:animate-toast-swipe-out",
            variantClasses[variant],
          )}
        >
          <div className="grid flex-1 gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? (
              <ToastPrimitive.Description className={cn("text-sm", variant === "destructive" ? "text-red-50" : "text-slate-600")}>
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {action}
          <ToastPrimitive.Close
            aria-label="Close"
            className={cn(
              "absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100",
              "focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-1",
              variant === "destructive"
                ? "text-white focus-visible:ring-white focus-visible:ring-offset-red-700"
                : "text-slate-500 focus-visible:ring-brand-500",
            )}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Top right, below the header: never over a form's action bar, which sits at the bottom
          (sticky on phones, at the end of the form on wider screens). */}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        label="Notification"
        className="fixed inset-x-0 top-16 z-[100] flex max-h-screen flex-col gap-2 p-4 outline-none sm:inset-x-auto sm:right-0 sm:w-full sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
