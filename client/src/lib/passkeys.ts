// The browser's half of a passkey check, shared by the second step of sign-in and the proof asked
// before a change to the second factor (DECISIONS §13): the server's challenge and the WebAuthn
// helper fetched together (the helper loads on the first press, so no route carries it), then the
// browser's prompt. A prompt closed or refused is told in words, never in WebAuthn's.
import { errorMessage } from "./api";

/** The options the server answered: the WebAuthn JSON itself, or wrapped as `{options}`. */
export function webauthnOptionsOf(answer: unknown): unknown {
  if (answer && typeof answer === "object" && "options" in answer && !("challenge" in answer)) return (answer as { options: unknown }).options;
  return answer;
}

/** What a cancelled or refused browser prompt means, in words (the library's errors name WebAuthn internals). */
function promptFailure(err: unknown): string {
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey prompt was closed or timed out. Try again, or use another way below.";
  if (name === "NotSupportedError") return "This browser cannot use passkeys. Use another way below.";
  return errorMessage(err, "That passkey could not be used. Try again, or use another way below.");
}

/**
 * The passkey's answer to the challenge `challenge()` asks the server for, or the prompt's failure
 * in words. A failure to get the challenge (the server's refusal) is thrown as it came.
 */
export async function passkeyAssertion(challenge: () => Promise<unknown>): Promise<{ response: unknown } | { failure: string }> {
  const [{ startAuthentication }, options] = await Promise.all([import("@simplewebauthn/browser"), challenge()]);
  try {
    return { response: await startAuthentication({ optionsJSON: webauthnOptionsOf(options) as Parameters<typeof startAuthentication>[0]["optionsJSON"] }) };
  } catch (err) {
    return { failure: promptFailure(err) };
  }
}
