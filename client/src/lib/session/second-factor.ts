// The half-signed-in state between the password and the second factor (DECISIONS §13). The login
// answer, or a reload's session answer, names the methods the user can finish with; the login
// screen shows the second step while this is set. Nothing here is a secret: the server holds the
// half-signed-in session and refuses every other call until the second step succeeds.
import { useSyncExternalStore } from "react";
import { SECOND_FACTOR_METHODS, type SecondFactorMethod } from "@shared/constants";

export type { SecondFactorMethod };
export type PendingSecondFactor = { methods: SecondFactorMethod[] } | null;

const KNOWN: readonly SecondFactorMethod[] = SECOND_FACTOR_METHODS;

let pending: PendingSecondFactor = null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Reads `{secondFactor: "required", methods}` (or a session answer's `secondFactor: {methods}`) from an answer. */
export function pendingFromAnswer(data: unknown): PendingSecondFactor {
  if (!data || typeof data !== "object") return null;
  const answer = data as { secondFactor?: unknown; methods?: unknown };
  let methods: unknown;
  if (answer.secondFactor === "required") methods = answer.methods;
  else if (answer.secondFactor && typeof answer.secondFactor === "object") methods = (answer.secondFactor as { methods?: unknown }).methods;
  else return null;
  const list = Array.isArray(methods) ? methods.filter((m): m is SecondFactorMethod => KNOWN.includes(m as SecondFactorMethod)) : [];
  // Recovery codes always exist beside a factor; an answer naming no method still offers them.
  return { methods: list.length > 0 ? list : ["recovery"] };
}

export function getPendingSecondFactor(): PendingSecondFactor {
  return pending;
}

export function setPendingSecondFactor(next: PendingSecondFactor) {
  if (JSON.stringify(next) === JSON.stringify(pending)) return;
  pending = next;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingSecondFactor(): PendingSecondFactor {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
}
