// Path parameters of the API's routes (the router checks them before the handler runs). An id that
// is not a UUID names nothing: the router answers 404 with the schema's message, the same answer
// as for an id that names nothing stored.
import { z } from "zod";

/** `:id` of a thing called `what` ("Transaction" → 404 "Transaction not found"). */
export const idParamsOf = (what: string) => z.object({ id: z.guid(`${what} not found`) });

/** `:token` of an emergency link; what it names is the service's to find. */
export const tokenParamsSchema = z.object({ token: z.string() });

/** `:code` of an emergency approver. */
export const approverCodeParamsSchema = z.object({ code: z.string() });
