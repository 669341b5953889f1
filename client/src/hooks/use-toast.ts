// The toast store (spec 000 §9): at most 1 toast shown at a time; a dismissed toast is removed
// from memory after 1,000,000 ms (it stays mounted meanwhile so Radix can animate it out).
// `toast({title, description, variant})` can be called from anywhere, including outside React.
import { useSyncExternalStore, type ReactNode } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export type ToastVariant = "default" | "destructive";

export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; defaults to the provider's 5000. */
  duration?: number;
  /** An optional action element (e.g. a ToastAction). */
  action?: ReactNode;
};

export type ToastItem = ToastOptions & { id: string; open: boolean };

type State = { toasts: ToastItem[] };

let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;
/** Whether any toast has been raised yet: the viewport is loaded only then (App.tsx). */
let raised = false;

function setState(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast (or all when no id is given); it is removed after TOAST_REMOVE_DELAY. */
export function dismissToast(id?: string) {
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setState({ toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) });
}

/** Shows a toast and returns handles to update or dismiss it. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { ...options, id, open: true };
  raised = true;
  setState({ toasts: [item, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) => setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return state;
}

/** True from the first toast on (it stays true). */
export function useToastRaised(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => raised,
    () => raised,
  );
}

/** shadcn-style hook: `const { toast } = useToast()`. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
