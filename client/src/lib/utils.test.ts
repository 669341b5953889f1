import { describe, expect, it } from "vitest";
import { cn } from "./utils";

describe("cn: joins classes, a later utility of the same kind wins", () => {
  it.each([
    [["a", false, null, undefined, 0, "b"], "a b"],
    [["px-4 py-2", "px-2"], "py-2 px-2"],
    [["px-4 py-2", "p-0"], "p-0"],
    [["p-1", "px-3"], "p-1 px-3"],
    [["text-slate-700 text-sm", "text-white"], "text-sm text-white"],
    [["text-sm text-slate-700", "text-xs"], "text-slate-700 text-xs"],
    [["text-[11px] text-white"], "text-[11px] text-white"],
    [["bg-white", "bg-transparent"], "bg-transparent"],
    [["bg-gradient-to-b bg-white", "bg-slate-50"], "bg-gradient-to-b bg-slate-50"],
    [["border border-slate-300", "border-white/20"], "border border-white/20"],
    [["border-t border-b border-slate-100"], "border-t border-b border-slate-100"],
    [["border-t", "border-0"], "border-0"],
    [["rounded-md", "rounded-t-2xl"], "rounded-md rounded-t-2xl"],
    [["rounded-t-2xl", "sm:rounded-xl"], "rounded-t-2xl sm:rounded-xl"],
    [["hover:bg-slate-100 hover:text-slate-900", "hover:bg-white/5 hover:text-white"], "hover:bg-white/5 hover:text-white"],
    [["focus-visible:ring-2 focus-visible:ring-brand-500", "focus-visible:ring-red-600"], "focus-visible:ring-2 focus-visible:ring-red-600"],
    [["focus-visible:ring-2", "focus-visible:ring-inset"], "focus-visible:ring-2 focus-visible:ring-inset"],
    [["focus-visible:ring-offset-2", "focus-visible:ring-offset-slate-900"], "focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900"],
    [["flex items-center", "flex-col items-start"], "flex flex-col items-start"],
    [["flex-1 shrink-0"], "flex-1 shrink-0"],
    [["h-4 w-4", "size-6"], "size-6"],
    [["hidden", "sm:block"], "hidden sm:block"],
    [["block", "hidden"], "hidden"],
    [["min-w-[12rem] w-[22rem] max-w-[calc(100vw-1rem)]"], "min-w-[12rem] w-[22rem] max-w-[calc(100vw-1rem)]"],
    [["[&_svg]:shrink-0 data-[state=open]:animate-fade-in"], "[&_svg]:shrink-0 data-[state=open]:animate-fade-in"],
    [["-mx-1 my-1", "m-0"], "m-0"],
    [["font-medium font-sans", "font-semibold"], "font-sans font-semibold"],
    [["shadow-lg shadow-brand-600/30", "shadow-sm"], "shadow-brand-600/30 shadow-sm"],
    [["uppercase tracking-wide", "normal-case tracking-normal"], "normal-case tracking-normal"],
  ] as const)("%j → %s", (input, expected) => {
    expect(cn(...input)).toBe(expected);
  });
});
