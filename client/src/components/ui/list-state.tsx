import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api";
import { Alert } from "./alert";

/** What the states read of a list's query (a TanStack Query result is one). */
export type ListQuery = { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown };

/**
 * A list's three states around its rows, the same on every list screen: `loading` until the first
 * answer, the error in words (with the rows still shown when a refetch failed over earlier ones),
 * `empty` only once the server has answered with no rows, otherwise the rows (`children`).
 */
export function ListState({
  query,
  count,
  loading,
  errorTitle,
  errorFallback = "Please try again.",
  errorClassName,
  empty,
  children,
}: {
  query: ListQuery;
  /** How many rows the page has now. */
  count: number;
  loading: ReactNode;
  errorTitle?: string;
  /** Said when the error carries no message of its own. */
  errorFallback?: string;
  errorClassName?: string;
  empty: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {query.isError ? (
        <Alert variant="destructive" title={errorTitle} className={errorClassName}>
          {errorMessage(query.error, errorFallback)}
        </Alert>
      ) : null}
      {query.isPending ? loading : count > 0 ? children : query.isSuccess ? empty : null}
    </>
  );
}
