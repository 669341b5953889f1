// Running a mutation from a screen: its outcome (a toast, closing a form, moving the review sheet on)
// must be reported even when the component that started it is gone by the time the answer comes.
/** What a screen does with a mutation's answer. */
export type Outcome<TData> = { onSuccess?: (data: TData) => void; onError?: (error: Error) => void };

/**
 * Runs `mutation` with `variables` and reports its outcome whatever happened to the caller. A move
 * often removes its own buttons (the refetch or the live event that shows the new status unmounts
 * them before the answer arrives), and TanStack Query drops `mutate(variables, callbacks)`'s
 * callbacks with the component: the toast never showed and the phone's review sheet never moved on.
 * The promise of `mutateAsync` settles regardless.
 */
export function runMutation<TData, TVariables>(
  mutation: { mutateAsync: (variables: TVariables) => Promise<TData> },
  variables: TVariables,
  outcome: Outcome<TData>,
): void {
  mutation.mutateAsync(variables).then(outcome.onSuccess, (error: Error) => outcome.onError?.(error));
}
