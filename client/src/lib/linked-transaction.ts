// A transaction opened by its address (DECISIONS §14): a push or an email links to
// /pending-approvals?review=<id> (the review sheet) or /my-transactions?open=<id> (the dialog). The
// page opens it when the address names it, also when a tapped notification changes the address of
// an open page, and closing it takes the parameter off the address.
import { useCallback, useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";

export function useLinkedTransaction(param: string): [string | null, (id: string | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const linked = new URLSearchParams(search).get(param);
  const [openId, setOpenId] = useState<string | null>(linked);
  useEffect(() => {
    if (linked) setOpenId(linked);
  }, [linked]);
  const set = useCallback(
    (id: string | null) => {
      setOpenId(id);
      if (id === null && linked) navigate(location, { replace: true });
    },
    [linked, location, navigate],
  );
  return [openId, set];
}
