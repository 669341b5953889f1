// Class name helpers.
//
// `cn` joins class names and, like tailwind-merge (which this project does not ship), lets a
// later utility override an earlier one of the same kind: cn("px-4 text-slate-700", "px-2 text-white")
// gives "px-2 text-white". Components put their defaults first and the caller's className last.
// It knows the utility groups this code base uses; a class it does not recognise is kept as is.

type ClassValue = string | false | null | undefined | 0;

const SIDES = "(?:x|y|t|r|b|l|s|e)";

/** [group, pattern] in order; the first match names the group of a utility (variants removed). */
const GROUPS: [string, RegExp][] = [
  ["display", /^(?:block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|table|contents|flow-root|list-item)$/],
  ["position", /^(?:static|fixed|absolute|relative|sticky)$/],
  ["visibility", /^(?:visible|invisible|collapse)$/],
  ["sr", /^(?:sr-only|not-sr-only)$/],
  ["p", /^p-/],
  ["px", /^px-/],
  ["py", /^py-/],
  ["pt", /^pt-/],
  ["pr", /^pr-/],
  ["pb", /^pb-/],
  ["pl", /^pl-/],
  ["m", /^m-/],
  ["mx", /^mx-/],
  ["my", /^my-/],
  ["mt", /^mt-/],
  ["mr", /^mr-/],
  ["mb", /^mb-/],
  ["ml", /^ml-/],
  ["size", /^size-/],
  ["w", /^w-/],
  ["h", /^h-/],
  ["min-w", /^min-w-/],
  ["min-h", /^min-h-/],
  ["max-w", /^max-w-/],
  ["max-h", /^max-h-/],
  ["gap", /^gap-(?!x-|y-)/],
  ["gap-x", /^gap-x-/],
  ["gap-y", /^gap-y-/],
  ["space-x", /^space-x-(?!reverse)/],
  ["space-y", /^space-y-(?!reverse)/],
  ["text-size", /^text-(?:xs|sm|base|lg|xl|\dxl|\[(?:length:)?[\d.]+(?:px|rem|em|%)\])$/],
  ["text-align", /^text-(?:left|center|right|justify|start|end)$/],
  ["text-overflow", /^(?:truncate|text-ellipsis|text-clip)$/],
  ["text-color", /^text-/],
  ["text-transform", /^(?:uppercase|lowercase|capitalize|normal-case)$/],
  ["font-weight", /^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/],
  ["font-family", /^font-/],
  ["leading", /^leading-/],
  ["tracking", /^tracking-/],
  ["whitespace", /^whitespace-/],
  ["bg-image", /^bg-(?:none|gradient-to-)/],
  ["bg-size", /^bg-(?:auto|cover|contain)$/],
  ["bg-position", /^bg-(?:bottom|center|left|left-bottom|left-top|right|right-bottom|right-top|top)$/],
  ["bg-color", /^bg-/],
  ["border-style", /^border-(?:solid|dashed|dotted|double|hidden|none)$/],
  ["border-w", /^border(?:-\d+|-\[[\d.]+px\])?$/],
  ["border-color", /^border-/],
  ["rounded", /^rounded(?:-(?:none|sm|md|lg|xl|\dxl|full|\[.+\]))?$/],
  ["shadow", /^shadow(?:-(?:sm|md|lg|xl|2xl|inner|none))?$/],
  ["shadow-color", /^shadow-/],
  ["ring-w", /^ring(?:-\d+)?$/],
  ["ring-inset", /^ring-inset$/],
  ["ring-offset-w", /^ring-offset-\d+$/],
  ["ring-offset-color", /^ring-offset-/],
  ["ring-color", /^ring-/],
  ["opacity", /^opacity-/],
  ["z", /^z-/],
  ["overflow", /^overflow-(?!x-|y-)/],
  ["overflow-x", /^overflow-x-/],
  ["overflow-y", /^overflow-y-/],
  ["items", /^items-/],
  ["justify", /^justify-(?!items-|self-)/],
  ["self", /^self-/],
  ["flex-direction", /^flex-(?:row|col)(?:-reverse)?$/],
  ["flex-wrap", /^flex-(?:wrap|wrap-reverse|nowrap)$/],
  ["flex", /^flex-/],
  ["grow", /^grow/],
  ["shrink", /^shrink/],
  ["inset", /^inset-(?!x-|y-)/],
  ["inset-x", /^inset-x-/],
  ["inset-y", /^inset-y-/],
  ["top", /^top-/],
  ["right", /^right-/],
  ["bottom", /^bottom-/],
  ["left", /^left-/],
  ["cursor", /^cursor-/],
];

// Side-specific utilities each form their own group: border-t and border-b do not conflict.
const BORDER_SIDE = new RegExp(`^border-(${SIDES})(?:-\\d+)?$`);
const ROUNDED_SIDE = /^rounded-(t|r|b|l|tl|tr|br|bl|s|e|ss|se|es|ee)(?:-.+)?$/;

/** Later groups that an earlier class of the key group also covers: 'p-0' replaces an earlier 'px-4'. */
const COVERS: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-b": ["rounded-bl", "rounded-br"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-l", "border-w-r"],
  "border-w-y": ["border-w-t", "border-w-b"],
};

function splitVariants(cls: string): [variants: string, utility: string] {
  // The utility is after the last ':' that is not inside [...] (arbitrary values may contain ':').
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === "[") depth++;
    else if (ch === "]") depth--;
    else if (ch === ":" && depth === 0) cut = i;
  }
  return cut === -1 ? ["", cls] : [cls.slice(0, cut + 1), cls.slice(cut + 1)];
}

function groupOf(utility: string): string | null {
  const bare = utility.replace(/^!/, "").replace(/^-/, "");
  const borderSide = BORDER_SIDE.exec(bare);
  if (borderSide) return `border-w-${borderSide[1]}`;
  const roundedSide = ROUNDED_SIDE.exec(bare);
  if (roundedSide) return `rounded-${roundedSide[1]}`;
  for (const [group, pattern] of GROUPS) if (pattern.test(bare)) return group;
  return null;
}

/** Joins class names; a later Tailwind utility overrides an earlier one of the same kind and variant. */
export function cn(...classes: ClassValue[]): string {
  const list = classes.filter(Boolean).join(" ").split(/\s+/).filter(Boolean);
  const keep: { cls: string; key: string | null }[] = [];
  for (const cls of list) {
    const [variants, utility] = splitVariants(cls);
    const group = groupOf(utility);
    if (group) {
      const drop = new Set([`${variants}|${group}`, ...(COVERS[group] ?? []).map((g) => `${variants}|${g}`)]);
      for (let i = keep.length - 1; i >= 0; i--) if (keep[i].key && drop.has(keep[i].key!)) keep.splice(i, 1);
    }
    keep.push({ cls, key: group ? `${variants}|${group}` : null });
  }
  // Exact duplicates add nothing.
  return [...new Set(keep.map((k) => k.cls))].join(" ");
}
