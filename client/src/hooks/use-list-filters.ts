// A paged list's search, filters and page, the same on every list page (with the parts in
// components/ui/list-page.tsx): what the person typed and chose, the search as the server gets it
// once typing settles, whether anything narrows the list, and the page, which starts again at 1
// whenever what is asked changes.
import { useState } from "react";
import { useDebounced } from "./use-debounced";

type Filters = { search: string } & Record<string, string>;

export function useListFilters<F extends Filters>({
  none,
  initial,
}: {
  /** The values that narrow nothing: what Clear goes back to, and what "filtered" is measured from. */
  none: F;
  /** The values to start with (a link's), if not `none`. */
  initial?: () => Partial<F>;
}) {
  const [values, setValues] = useState<F>(() => ({ ...none, ...initial?.() }));
  const search = useDebounced(values.search.trim());
  const asked: F = { ...values, search };
  const askedKey = JSON.stringify(asked);
  // The page belongs to what was asked: another search or filter starts at page 1, in the same render.
  const [paging, setPaging] = useState({ askedKey, page: 1 });
  if (paging.askedKey !== askedKey) setPaging({ askedKey, page: 1 });
  const page = paging.askedKey === askedKey ? paging.page : 1;

  return {
    /** What the controls show. */
    values,
    /** What the list is asked for: the values, with the search trimmed and settled. */
    asked,
    filtered: (Object.keys(none) as (keyof F)[]).some((key) => asked[key] !== none[key]),
    set: <K extends keyof F>(key: K, value: F[K]) => setValues((current) => ({ ...current, [key]: value })),
    clear: () => setValues(none),
    page,
    setPage: (next: number) => setPaging({ askedKey, page: next }),
  };
}
