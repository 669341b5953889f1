// Radix Dialog behind ./dialog.tsx, which loads this module when a dialog first opens.
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

export const DialogRoot = DialogPrimitive.Root;

const sizes = { sm: "sm:max-w-md", md: "sm:max-w-lg", lg: "sm:max-w-2xl", xl: "sm:max-w-4xl" } as const;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Required: every dialog is named for screen readers. */
  title: ReactNode;
  description?: ReactNode;
  /** Hide the visible title/description while keeping them for screen readers. */
  hideHeader?: boolean;
  size?: keyof typeof sizes;
  footer?: ReactNode;
};

/**
 * A centred modal (a bottom sheet on phones) with overlay, title, optional description, close
 * button and optional footer. Content scrolls inside when it is taller than the screen.
 */
export function DialogContent({ title, description, hideHeader, size = "md", footer, className, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] w-full flex-col rounded-t-2xl border border-slate-200 bg-white shadow-xl",
          "sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-h-[85vh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl",
          "focus:outline-none data-[state=open]:animate-dialog-in",
          sizes[size],
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
      >
        <div className={cn("flex items-start justify-between gap-4 px-5 pt-5 sm:px-6", hideHeader && "sr-only")}>
          <div className="grid gap-1">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
            {description ? <DialogPrimitive.Description className="text-sm text-slate-600">{description}</DialogPrimitive.Description> : null}
          </div>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4 sm:px-6">{children}</div>
        {footer ? <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">{footer}</div> : null}
        <DialogPrimitive.Close
          aria-label="Close"
          data-dialog-close=""
          className="absolute right-3 top-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
