// What a database error means, the same on node-postgres and PGlite. Drizzle wraps the driver's
// error (DrizzleQueryError), so each question reads the error and the ones it wraps.

type DatabaseError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The error and those it wraps, outermost first; a few levels at most, so a cycle of causes ends. */
function* errorChain(err: unknown): Generator<DatabaseError> {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as DatabaseError).cause, depth++) yield e as DatabaseError;
}

/**
 * A PostgreSQL unique violation (23505). With `constraint`, only one on that constraint, for a
 * caller that tells its duplicates apart; without, any.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of errorChain(err)) {
    if (e.code === "23505") return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/**
 * SQLSTATE classes and codes meaning the database, not the request, failed: the connection was
 * lost or refused (08), the server is shutting down or was told to end the connection (57P01-57P03),
 * the session sat idle in a transaction too long (25P03), or a query ran past statement_timeout
 * (57014). What node-postgres says when it has no SQLSTATE: a dropped socket, a full pool.
 */
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "57014", "25P03", "53300", "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND"]);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

/** Whether an error (or one it wraps) means the database is unavailable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const { code, message } of errorChain(err)) {
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_TEXT.test(message)) return true;
  }
  return false;
}
