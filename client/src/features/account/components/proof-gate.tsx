// Runs a change to the second factor, and when the server answers 403 verification_required (the
// session has not proved who it is in the last 5 minutes, DECISIONS §13) asks for the proof inline
// (ProofDialog), then runs the change again: the person carries on with what they asked.
import { useCallback, useRef, useState, type ReactNode } from "react";
import { PROOF_METHODS, type ProofMethod } from "@shared/constants";
import { errorBody, errorStatus } from "@/lib/api";
import { ProofDialog } from "./ProofDialog";

/** The person closed the proof without giving it: what they asked for was not done, and nothing is wrong. */
export class ProofCancelled extends Error {
  constructor() {
    super("Cancelled");
    this.name = "ProofCancelled";
  }
}

/** The methods a 403 verification_required names, or null for any other failure. */
function proofAskedFor(err: unknown): ProofMethod[] | null {
  const body = errorBody(err);
  if (errorStatus(err) !== 403 || body?.code !== "verification_required") return null;
  const named = Array.isArray(body.methods) ? body.methods.filter((m): m is ProofMethod => (PROOF_METHODS as readonly unknown[]).includes(m)) : [];
  return named.length > 0 ? named : ["password"];
}

export type WithProof = <T>(action: () => Promise<T>) => Promise<T>;

export function useProofGate(): { withProof: WithProof; dialog: ReactNode } {
  const [methods, setMethods] = useState<ProofMethod[] | null>(null);
  const waiting = useRef<{ resolve: () => void; reject: (err: Error) => void } | null>(null);

  const withProof = useCallback<WithProof>(async (action) => {
    try {
      return await action();
    } catch (err) {
      const asked = proofAskedFor(err);
      if (!asked) throw err;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject };
        setMethods(asked);
      });
      return action();
    }
  }, []);

  const settle = (proved: boolean) => {
    const w = waiting.current;
    waiting.current = null;
    setMethods(null);
    if (proved) w?.resolve();
    else w?.reject(new ProofCancelled());
  };

  return { withProof, dialog: <ProofDialog methods={methods} onProved={() => settle(true)} onCancel={() => settle(false)} /> };
}
