// A dialog whose code loads when it is first opened: forms bring react-hook-form and their checks,
// details bring their panels, and a screen that only lists needs none of it until someone asks
// (DECISIONS §9: 150 KB a route). Once opened it stays mounted, so it closes as before.
import { lazy, Suspense, useState, type ComponentType } from "react";

export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
