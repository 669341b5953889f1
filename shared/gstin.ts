// The one GSTIN check of the product (DECISIONS §12), used by the server's request schemas and by
// the client's forms alike, so both refuse the same numbers with the same words.
//
// A GSTIN is 15 characters: a state code (01–38, 97 or 99), the holder's PAN (5 letters, 4 digits,
// a letter), an entity character (1–9 then A–Z: the holder's registrations under that PAN in one
// state), 'Z', and a check character over the first 14 computed mod 36.
import { isGstStateCode } from "./gst-states";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

export const GSTIN_MESSAGES = {
  length: "GSTIN must be 15 characters",
  characters: "GSTIN may contain only letters and digits",
  stateCode: "GSTIN must start with a state code: 01 to 38, 97 or 99",
  pan: "GSTIN characters 3 to 12 must be a PAN: 5 letters, 4 digits, a letter",
  entity: "GSTIN character 13 must be 1 to 9 or a letter",
  z: "GSTIN character 14 must be Z",
  check: "GSTIN check character does not match",
} as const;

export const PAN_MESSAGE = "PAN must be 5 letters, 4 digits and a letter";

export type GstinResult = { ok: true; gstin: string; pan: string; stateCode: string } | { ok: false; reason: string };

/** How a GSTIN or a PAN is kept: no spaces around, upper case. */
export function normalizeTaxId(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * The check character of the first 14 characters: each character's value (0–9, A–Z as 10–35)
 * times its weight (1, 2, 1, 2, … from the left), each product p counting as ⌊p/36⌋ + p mod 36;
 * the check is (36 − sum mod 36) mod 36. Undefined when a character is not a digit or a capital.
 */
export function gstinCheckCharacter(first14: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const value = ALPHABET.indexOf(first14[i]!);
    if (value < 0) return undefined;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** Checks a GSTIN (after normalizeTaxId) and answers its PAN and state code, or why it is wrong. */
export function checkGstin(input: string): GstinResult {
  const gstin = normalizeTaxId(input);
  if (gstin.length !== 15) return { ok: false, reason: GSTIN_MESSAGES.length };
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return { ok: false, reason: GSTIN_MESSAGES.characters };
  const stateCode = gstin.slice(0, 2);
  if (!isGstStateCode(stateCode)) return { ok: false, reason: GSTIN_MESSAGES.stateCode };
  const pan = gstin.slice(2, 12);
  if (!PAN_SHAPE.test(pan)) return { ok: false, reason: GSTIN_MESSAGES.pan };
  if (!/^[1-9A-Z]$/.test(gstin[12]!)) return { ok: false, reason: GSTIN_MESSAGES.entity };
  if (gstin[13] !== "Z") return { ok: false, reason: GSTIN_MESSAGES.z };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return { ok: false, reason: GSTIN_MESSAGES.check };
  return { ok: true, gstin, pan, stateCode };
}

export function isValidPan(input: string): boolean {
  return PAN_SHAPE.test(normalizeTaxId(input));
}
