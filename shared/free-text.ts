// Text is text (DECISIONS §10): what a person types as free text (descriptions, names, reasons,
// notes, references, text custom fields) never carries control characters nor what no XML file may
// hold (Unicode noncharacters, half of a surrogate pair), and loses the invisible characters that
// reorder or hide what is shown ("abc\u202Egnp.exe" displays as "abcexe.png").
// The zod builders of shared/schemas/text.ts and the custom field check (shared/custom-fields.ts)
// both apply these two functions; this module stays free of zod for the display-only screens.

/** C0 (U+0000–U+001F) and C1 (U+007F–U+009F) control characters, DEL among them. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, less tab and line breaks (LF, and CR only as part of CRLF): what a multi-line field may hold. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

/**
 * Bidirectional embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the zero width
 * space (U+200B) and the byte order mark (U+FEFF). ZWNJ and ZWJ (U+200C, U+200D) are not here:
 * Devanagari and Malayalam spell with them (क्‌ष, കാര്‍ത്തിക).
 */
const INVISIBLE = /[\u200b\u202a-\u202e\u2066-\u2069\ufeff]/g;

export type TextLines = "single" | "multi";

/** Whether `text` holds a control character its field does not allow (tab and new line only in multi-line fields). */
export function hasControlCharacter(text: string, lines: TextLines): boolean {
  return (lines === "multi" ? CONTROL_BUT_LINES : ANY_CONTROL).test(text);
}

/** The 400 message for a control character in the field called `label`. */
export function controlCharacterMessage(label: string, lines: TextLines): string {
  return lines === "multi" ? `${label} cannot contain control characters` : `${label} cannot contain tabs, line breaks or control characters`;
}

/**
 * What is not text in any Unicode string: the 66 noncharacters (U+FDD0–U+FDEF and the last two code
 * points of every plane, U+FFFE, U+FFFF, U+1FFFE …) and a surrogate without its other half (the
 * `u` flag reads a well-formed pair as one code point, so only a lone half matches \p{Cs}). XML 1.0
 * forbids U+FFFE, U+FFFF and lone surrogates; TallyPrime refuses the whole file for one.
 */
const NOT_TEXT = /[\p{Noncharacter_Code_Point}\p{Cs}]/u;

/** The first code point of `text` that is not text, as "U+FFFE", or null when there is none. */
export function notTextCharacter(text: string): string | null {
  const found = NOT_TEXT.exec(text);
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}` : null;
}

/** The 400 message for a character that is not text (`codePoint` as notTextCharacter names it) in the field called `label`. */
export function notTextMessage(label: string, codePoint: string): string {
  return `${label} contains a character that is not text (${codePoint}): retype it`;
}

/** Why `text` may not be stored in the field called `label` (control characters first, then what is not text), or null. */
export function textRefusal(text: string, label: string, lines: TextLines): string | null {
  if (hasControlCharacter(text, lines)) return controlCharacterMessage(label, lines);
  const bad = notTextCharacter(text);
  return bad ? notTextMessage(label, bad) : null;
}

/** `text` without the invisible reordering characters; everything else byte for byte. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}
