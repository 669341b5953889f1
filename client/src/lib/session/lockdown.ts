// Emergency lockdown on the client (spec 000 §2 and §8, DECISIONS §3).
import { useSyncExternalStore } from "react";
import { LOCKDOWN_MESSAGE } from "@shared/constants";
import { errorBody, errorStatus } from "@/lib/api";

/**
 * Whether a failed call means "the system is in lockdown": HTTP 423, a `lockdown: true` body, or
 * a message that mentions lockdown (spec 000 §8).
 */
export function isLockdownError(err: unknown): boolean {
  if (errorStatus(err) === 423) return true;
  const body = errorBody(err);
  if (body?.lockdown === true) return true;
  const message = typeof body?.message === "string" ? body.message : err instanceof Error ? err.message : "";
  return /lockdown/i.test(message);
}

/** The text to show with the lockdown screen: the server's message or the spec's default. */
export function lockdownMessage(err: unknown): string {
  const message = errorBody(err)?.message;
  return typeof message === "string" && message.trim() ? message : LOCKDOWN_MESSAGE;
}

// A session that is cut off by a lockdown (a 423 answer, or later the socket's {type:"lockdown"})
// shows the lockdown screen in place of the app. Sign-in failures keep their own local state.
type SessionLockdown = { message: string } | null;
let sessionLockdown: SessionLockdown = null;
const listeners = new Set<() => void>();

export function showSessionLockdown(message: string = LOCKDOWN_MESSAGE) {
  if (sessionLockdown?.message === message) return;
  sessionLockdown = { message };
  for (const l of listeners) l();
}

export function clearSessionLockdown() {
  if (!sessionLockdown) return;
  sessionLockdown = null;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSessionLockdown(): SessionLockdown {
  return useSyncExternalStore(
    subscribe,
    () => sessionLockdown,
    () => sessionLockdown,
  );
}
