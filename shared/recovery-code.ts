// What a recovery code looks like (DECISIONS §13): 16 symbols of an alphabet with no look-alikes
// (no I, O, 0 or 1), 5 bits each (80 random bits), in four groups of four. The server makes the
// codes from this and the sign-in field shows the same shape as its placeholder.
const RECOVERY_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** "XXXX-XXXX-XXXX-XXXX": the shape of a code, for the field a person types one into. */
export const RECOVERY_CODE_SHAPE = Array.from({ length: GROUPS }, () => "X".repeat(GROUP_LENGTH)).join("-");

/** A code from GROUPS × GROUP_LENGTH random bytes, one symbol a byte (32 divides 256: no bias). */
export function recoveryCodeFrom(bytes: Uint8Array): string {
  if (bytes.length !== GROUPS * GROUP_LENGTH) throw new Error(`A recovery code needs ${GROUPS * GROUP_LENGTH} random bytes`);
  const symbols = [...bytes].map((b) => RECOVERY_CODE_ALPHABET[b % RECOVERY_CODE_ALPHABET.length]).join("");
  return symbols.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
}
