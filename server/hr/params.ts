// Path parameters of the HR routes: an id that is not a UUID names nothing (404), rather than
// reaching the database as a malformed value.
import type { Request } from "express";
import { z } from "zod";
import { notFound } from "../middlewares/errors";

const uuid = z.guid();

export function idParam(req: Request, what: string, name = "id"): string {
  const value = req.params[name];
  if (typeof value !== "string" || !uuid.safeParse(value).success) throw notFound(`${what} not found`);
  return value;
}
