import pino from "pino";

export type Logger = pino.Logger;

/** Fields of database errors that carry the values of a query (its parameters, the row it failed on). */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where", "internalQuery"]);
/** drizzle puts a failed query's parameters in its error's message (and so in its stack). */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;
/** PostgreSQL quotes the offending value after a colon (`invalid input syntax for type integer: "…"`); names of constraints and relations are quoted without one. */
const VALUE_IN_TEXT = /: "(?:[^"\\]|\\.)*"/g;

const scrubText = (text: string) => text.replace(PARAMS_IN_TEXT, "\nparams: [not logged]").replace(VALUE_IN_TEXT, ': "[value not logged]"');

function scrub(value: unknown, depth: number): unknown {
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) continue;
    out[key] = typeof v === "string" && (key === "message" || key === "stack") ? scrubText(v) : scrub(v, depth + 1);
  }
  return out;
}

/**
 * The error serializer of every log line: pino's own, without the values a failed query carried
 * (DECISIONS §10: no path can make the server log SQL parameters — they hold passwords' hashes,
 * names, amounts).
 */
export function serializeError(err: unknown): unknown {
  return scrub(err instanceof Error ? pino.stdSerializers.err(err) : err, 0);
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: serializeError },
    // Never let credentials reach the logs.
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password", "newPassword"], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
