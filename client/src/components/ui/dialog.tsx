// Dialogs load Radix Dialog (with its focus trap, scroll lock and layers) when one first opens,
// not with every screen that could open one (DECISIONS §9: 150 KB a route). The markup and behaviour are Radix's, in ./dialog-radix.tsx; a dialog stays mounted after
// its first opening, so it closes with its animation as before.
import { lazy, Suspense, type ComponentProps } from "react";
import type * as DialogPrimitive from "@radix-ui/react-dialog";
import { lazyDialog } from "@/lib/lazy-dialog";
import type { DialogContentProps } from "./dialog-radix";

export type { DialogContentProps };

const load = () => import("./dialog-radix");

export const Dialog = lazyDialog<ComponentProps<typeof DialogPrimitive.Root>>(
  () => load().then((m) => m.DialogRoot),
  (p) => Boolean(p.open),
);

const LoadedContent = lazy(() => load().then((m) => ({ default: m.DialogContent })));

export function DialogContent(props: DialogContentProps) {
  return (
    <Suspense fallback={null}>
      <LoadedContent {...props} />
    </Suspense>
  );
}
