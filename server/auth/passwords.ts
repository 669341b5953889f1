// argon2id with the OWASP Password Storage Cheat Sheet parameters (m=19 MiB, t=2, p=1).
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the username is unknown keeps response times alike for both failures.
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-" + Math.random());
  await verifyPassword(await dummyHash, password);
}
