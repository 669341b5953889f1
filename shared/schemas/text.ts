// The zod builders of free text (DECISIONS §10 "Text is text"): every schema in shared/schemas
// builds a field a person types into from one of these, then adds its own length checks, which
// apply to what remains once the invisible characters are gone. The rule is shared/free-text.ts.
import { z } from "zod";
import { stripInvisible, textRefusal, type TextLines } from "../free-text";

type StringParams = Parameters<typeof z.string>[0];

function freeText(label: string, lines: TextLines, params?: StringParams) {
  return z
    .string(params)
    .check((ctx) => {
      const refusal = textRefusal(ctx.value, label, lines);
      if (refusal) ctx.issues.push({ code: "custom", message: refusal, input: ctx.value, abort: true });
    })
    .overwrite(stripInvisible)
    .trim();
}

/**
 * One line of free text called `label` (a name, a reference): refuses control characters, tab and
 * line breaks among them, and Unicode noncharacters and lone surrogates; drops bidirectional controls, U+200B and U+FEFF; trims. `params` are
 * z.string's (the message for a missing or non-string value).
 */
export const singleLineText = (label: string, params?: StringParams) => freeText(label, "single", params);

/** Free text that may span lines (a description, a reason, notes): as singleLineText, but tab and new line are allowed. */
export const multiLineText = (label: string, params?: StringParams) => freeText(label, "multi", params);
