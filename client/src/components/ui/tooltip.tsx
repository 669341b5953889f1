// Tooltips of icon buttons (spec 000 §9: delay 700 ms, skip delay 300 ms), on Radix Tooltip. One
// provider for the signed-in app; an icon button names itself through its tooltip and aria-label.
import { forwardRef, type ReactNode } from "react";
import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { Button, type ButtonProps } from "./button";

/** Spec 000 §9: a tooltip shows after 700 ms; moving to another within 300 ms shows it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/** `children` (one focusable element) shows `label` on hover and keyboard focus. */
export function Tooltip({ label, children, side = "top" }: { label: ReactNode; children: ReactNode; side?: "top" | "bottom" | "left" | "right" }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-[60] max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
        >
          {label}
          <TooltipPrimitive.Arrow className="fill-slate-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

export type IconButtonProps = Omit<ButtonProps, "size" | "aria-label"> & { /** What the button does: its accessible name and its tooltip. */ label: string };

/** A button that shows only an icon: named by `label`, which its tooltip also shows. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, ...props }, ref) {
  return (
    <Tooltip label={label}>
      <Button ref={ref} size="icon" aria-label={label} {...props} />
    </Tooltip>
  );
});
