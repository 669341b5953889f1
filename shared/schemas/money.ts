// The zod field for a money input, shared by the transaction and budget schemas (DECISIONS §2).
import { z } from "zod";
import { readMoney } from "../money";

export type MoneyMessages = {
  required: string;
  invalid: string;
  precision?: string;
  tooLarge?: string;
  /** When set, 0 is refused with this message (transactions); otherwise 0 is allowed (budgets). */
  positive?: string;
};

/**
 * A zod field for a money input: accepts a number or a decimal string, answers the normalised
 * string ("1234.50"). One message per problem, so a form shows the one that helps.
 */
export function moneySchema(messages: MoneyMessages): z.ZodType<string, number | string> {
  // Typed as taking number | string (what a form sends); at run time anything is read, so a
  // missing or null amount gets the "required" message instead of a type error.
  const schema = z.unknown().transform((input, ctx): string => {
    const reading = readMoney(input);
    if (reading.ok && (messages.positive === undefined || reading.paise > 0n)) return reading.value;
    const problem = reading.ok ? "zero" : reading.problem;
    const message =
      problem === "empty"
        ? messages.required
        : problem === "precision"
          ? (messages.precision ?? messages.invalid)
          : problem === "too_large"
            ? (messages.tooLarge ?? messages.invalid)
            : problem === "zero"
              ? (messages.positive ?? messages.invalid)
              : messages.invalid;
    ctx.addIssue({ code: "custom", message, input });
    return z.NEVER;
  });
  return schema as unknown as z.ZodType<string, number | string>;
}
