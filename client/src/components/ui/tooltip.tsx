// Tooltips of icon buttons (spec 000 §9: delay 700 ms, skip delay 300 ms). Written here rather
// than taken from Radix Tooltip: that primitive and its positioning engine would weigh on every
// signed-in screen (DECISIONS §9: 150 KB a route), for a label above a button.
// What it keeps of Radix's behaviour: a mouse hover opens after the delay, keyboard focus at once,
// a second tooltip within the skip delay at once; leaving, blur, a press or Escape close it; the
// label is the trigger's aria-describedby while shown, and the bubble stays inside the viewport
// (it flips below when there is no room above). Touch never opens it: a tap is a press.
import {
  Children,
  cloneElement,
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
} from "react";
import { createPortal } from "react-dom";
import { Button, type ButtonProps } from "./button";

/** Spec 000 §9: a tooltip shows after 700 ms; moving to another within 300 ms shows it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
const EDGE = 8;
const GAP = 6;

/** When the last tooltip closed (performance.now()), shared by all tooltips for the skip delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (e: React.PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: React.PointerEvent<HTMLElement>) => void;
  onPointerDown?: (e: React.PointerEvent<HTMLElement>) => void;
  onFocus?: (e: React.FocusEvent<HTMLElement>) => void;
  onBlur?: (e: React.FocusEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/** `children` (one focusable element) shows `label` on hover and keyboard focus. */
export function Tooltip({ label, children, side = "top" }: { label: ReactNode; children: ReactNode; side?: "top" | "bottom" }) {
  const child = Children.only(children) as ReactElement<TriggerProps>;
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const anchor = useRef<HTMLElement | null>(null);
  const id = useId();

  const show = useCallback((at: "delay" | "now") => {
    clearTimeout(timer.current);
    if (at === "now" || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosedAt = performance.now();
      return false;
    });
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && hide();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, hide]);

  const own = child.props;
  const trigger = cloneElement(child, {
    ref: (node: HTMLElement | null) => {
      anchor.current = node;
      setRef(own.ref, node);
    },
    onPointerEnter: (e) => {
      own.onPointerEnter?.(e);
      if (e.pointerType === "mouse") show("delay");
    },
    onPointerLeave: (e) => {
      own.onPointerLeave?.(e);
      hide();
    },
    onPointerDown: (e) => {
      own.onPointerDown?.(e);
      hide();
    },
    onFocus: (e) => {
      own.onFocus?.(e);
      // Keyboard focus only: a click focuses too, and a press closes the tooltip.
      if (e.target.matches(":focus-visible")) show("now");
    },
    onBlur: (e) => {
      own.onBlur?.(e);
      hide();
    },
    "aria-describedby": open ? id : own["aria-describedby"],
  });

  return (
    <>
      {trigger}
      {open && anchor.current ? createPortal(<Bubble id={id} anchor={anchor.current} side={side} label={label} />, document.body) : null}
    </>
  );
}

function Bubble({ id, anchor, side, label }: { id: string; anchor: HTMLElement; side: "top" | "bottom"; label: ReactNode }) {
  const bubble = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number; arrowLeft: number; below: boolean } | null>(null);
  useLayoutEffect(() => {
    const box = bubble.current;
    if (!box) return;
    const a = anchor.getBoundingClientRect();
    const { width, height } = box.getBoundingClientRect();
    const below = side === "bottom" ? a.bottom + GAP + height <= window.innerHeight - EDGE || a.top - GAP - height < EDGE : a.top - GAP - height < EDGE;
    const centre = a.left + a.width / 2;
    const left = Math.min(Math.max(centre - width / 2, EDGE), Math.max(EDGE, window.innerWidth - EDGE - width));
    setPlace({ top: below ? a.bottom + GAP : a.top - GAP - height, left, arrowLeft: Math.min(Math.max(centre - left, 8), width - 8), below });
  }, [anchor, side]);
  return (
    <div
      ref={bubble}
      id={id}
      role="tooltip"
      style={{ position: "fixed", top: place?.top ?? 0, left: place?.left ?? 0, visibility: place ? "visible" : "hidden" }}
      className="pointer-events-none z-[60] max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
    >
      {label}
      <span
        aria-hidden="true"
        style={{ left: place?.arrowLeft ?? 0 }}
        className={`absolute h-2 w-2 -translate-x-1/2 rotate-45 bg-slate-900 ${place?.below ? "-top-1" : "-bottom-1"}`}
      />
    </div>
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
