// A required id in a request body: every resource's bodies name other records by it.
import { z } from "zod";

const isMissing = (input: unknown) => input === undefined || input === null;

// The shape of a uuid, without insisting on a version: what PostgreSQL's uuid type accepts.
export const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A required id, uuid-shaped (so the database never sees a malformed one; one that names nothing is the route's 404). */
export function idSchema(required: string, invalid = required) {
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? required : invalid) })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(UUID_SHAPE, { error: invalid });
}
