// Company and parties (DECISIONS §12): the request bodies and answers of /api/admin/company and /api/parties,
// and the rule that ties a GSTIN to its PAN and state code, applied alike by the forms and the server.
import { z } from "zod";
import { singleLineText } from "./text";
import { checkGstin, isValidPan, normalizeTaxId, PAN_MESSAGE } from "../gstin";
import { isGstStateCode } from "../gst-states";
import { id, instant, pageOf } from "./answer-parts";
import { UUID_SHAPE } from "./ids";

export const PARTY_MESSAGES = {
  nameRequired: "Party name is required",
  nameTooLong: "Party name must be at most 200 characters",
  nameTaken: "A party with this name already exists",
  legalNameRequired: "Legal name is required",
  legalNameTooLong: "Legal name must be at most 200 characters",
  stateCode: "State must be a GST state code (01 to 38, 97 or 99)",
  stateCodeRequired: "State is required",
  pan: PAN_MESSAGE,
  email: "Invalid email address",
  phone: "Phone may contain only digits, spaces and + - ( )",
  isActive: "isActive must be true or false",
  notFound: "Party not found",
  inactive: "This party is inactive; choose an active party",
  partyId: "Party must be a party id or null",
  tdsNatureId: "TDS nature must be a TDS nature id or null",
} as const;
const M = PARTY_MESSAGES;

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === "" ? null : v);

/** A GSTIN, checked by shared/gstin.ts; blank or null clears it. */
export const gstinField = z
  .string({ error: "GSTIN must be text" })
  .nullish()
  .transform((v, ctx): string | null | undefined => {
    const value = blankToNull(v === undefined || v === null ? v : normalizeTaxId(v));
    if (value === undefined || value === null) return value;
    const result = checkGstin(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.reason });
      return z.NEVER;
    }
    return result.gstin;
  });

const panField = z
  .string({ error: M.pan })
  .nullish()
  .transform((v, ctx): string | null | undefined => {
    const value = blankToNull(v === undefined || v === null ? v : normalizeTaxId(v));
    if (value === undefined || value === null) return value;
    if (!isValidPan(value)) {
      ctx.addIssue({ code: "custom", message: M.pan });
      return z.NEVER;
    }
    return value;
  });

const stateCodeField = z
  .string({ error: M.stateCode })
  .nullish()
  .transform((v, ctx): string | null | undefined => {
    const value = blankToNull(v === undefined || v === null ? v : v.trim());
    if (value === undefined || value === null) return value;
    if (!isGstStateCode(value)) {
      ctx.addIssue({ code: "custom", message: M.stateCode });
      return z.NEVER;
    }
    return value;
  });

const optionalLine = (label: string, max: number) =>
  singleLineText(label).max(max, `${label} must be at most ${max} characters`).nullish().transform(blankToNull);

const partyName = singleLineText("Party name", { error: M.nameRequired }).min(1, M.nameRequired).max(200, M.nameTooLong);
const emailField = z.string({ error: M.email }).trim().nullish().transform(blankToNull).pipe(z.email(M.email).max(254, M.email).nullish());
const phoneField = optionalLine("Phone", 30).refine((v) => v == null || /^[0-9+\-() ]+$/.test(v), M.phone);

export type TaxIds = { gstin: string | null; pan: string | null; stateCode: string | null };

/**
 * The PAN and state code a party or the company keeps: with a GSTIN, the ones it carries (a PAN or
 * state code sent that disagrees is an error, not silently replaced); without, what was sent.
 */
export function resolveTaxIds(ids: TaxIds): { ok: true; ids: TaxIds } | { ok: false; path: "pan" | "stateCode"; message: string } {
  if (!ids.gstin) return { ok: true, ids };
  const pan = ids.gstin.slice(2, 12);
  const stateCode = ids.gstin.slice(0, 2);
  if (ids.pan && ids.pan !== pan) return { ok: false, path: "pan", message: `PAN ${ids.pan} does not match the GSTIN, whose PAN is ${pan}` };
  if (ids.stateCode && ids.stateCode !== stateCode) {
    return { ok: false, path: "stateCode", message: `State code ${ids.stateCode} does not match the GSTIN, whose state code is ${stateCode}` };
  }
  return { ok: true, ids: { gstin: ids.gstin, pan, stateCode } };
}

/** The party's usual TDS nature (DECISIONS §12): an id, or null (or "") for none. */
const tdsNatureField = z.unknown().transform((input, ctx): string | null | undefined => {
  if (input === undefined) return undefined;
  if (input === null || (typeof input === "string" && input.trim() === "")) return null;
  if (typeof input === "string" && UUID_SHAPE.test(input.trim())) return input.trim().toLowerCase();
  ctx.addIssue({ code: "custom", message: M.tdsNatureId, input });
  return z.NEVER;
});

/** PATCH /api/parties/:id: the fields sent change, the others keep their values. */
export const partyChangesSchema = z.object({
  name: partyName.optional(),
  gstin: gstinField,
  pan: panField,
  stateCode: stateCodeField,
  email: emailField,
  phone: phoneField,
  tdsNatureId: tdsNatureField.optional(),
  isActive: z.boolean({ error: M.isActive }).optional(),
});
export type PartyChanges = z.output<typeof partyChangesSchema>;

/** POST /api/parties */
export const partyBodySchema = partyChangesSchema
  .extend({ name: partyName, isActive: z.boolean({ error: M.isActive }).optional().default(true) })
  .superRefine((body, ctx) => {
    const resolved = resolveTaxIds({ gstin: body.gstin ?? null, pan: body.pan ?? null, stateCode: body.stateCode ?? null });
    if (!resolved.ok) ctx.addIssue({ code: "custom", path: [resolved.path], message: resolved.message });
  });
export type PartyBody = z.output<typeof partyBodySchema>;

/** GET /api/parties: search by name or GSTIN; inactive ones only when asked. */
export const partyQuerySchema = z.object({
  search: singleLineText("Search").max(200, "Search must be at most 200 characters").optional(),
  active: z.enum(["true", "false", "all"], { error: "active must be true, false or all" }).optional().default("all"),
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .optional()
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 100" })
    .int("limit must be a whole number from 1 to 100")
    .min(1, "limit must be a whole number from 1 to 100")
    .max(100, "limit must be a whole number from 1 to 100")
    .optional()
    .default(25),
});
export type PartyQuery = z.output<typeof partyQuerySchema>;

/** PUT /api/admin/company: the state code follows from the GSTIN when one is given. */
export const companyBodySchema = z
  .object({
    legalName: singleLineText("Legal name", { error: M.legalNameRequired }).min(1, M.legalNameRequired).max(200, M.legalNameTooLong),
    gstin: gstinField,
    stateCode: stateCodeField,
  })
  .transform((body, ctx) => {
    const resolved = resolveTaxIds({ gstin: body.gstin ?? null, pan: null, stateCode: body.stateCode ?? null });
    if (!resolved.ok) {
      ctx.addIssue({ code: "custom", path: [resolved.path], message: resolved.message });
      return z.NEVER;
    }
    if (!resolved.ids.stateCode) {
      ctx.addIssue({ code: "custom", path: ["stateCode"], message: M.stateCodeRequired });
      return z.NEVER;
    }
    return { legalName: body.legalName, gstin: resolved.ids.gstin, stateCode: resolved.ids.stateCode };
  });
export type CompanyBody = z.output<typeof companyBodySchema>;

export type Party = z.output<typeof partyAnswer>;
export type PartyRef = z.output<typeof partyRefAnswer>;
export type Company = z.output<typeof companyAnswer>;

// ---------------------------------------------------------------- answers

/** A party (DECISIONS §12): a vendor paid or a payer received from. */
export const partyAnswer = z.strictObject({
  id,
  name: z.string(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  stateCode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Its usual TDS nature: a new bill naming the party starts with it (DECISIONS §12). */
  tdsNatureId: id.nullable(),
  isActive: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export const partyPageAnswer = pageOf("parties", partyAnswer);
/** The party a transaction names, as lists and the details answer it. */
export const partyRefAnswer = z.strictObject({ id, name: z.string(), gstin: z.string().nullable(), stateCode: z.string().nullable() });
/** GET/PUT /api/admin/company (DECISIONS §12). legalName is '' and stateCode null until a SuperAdmin sets them. */
export const companyAnswer = z.strictObject({ legalName: z.string(), gstin: z.string().nullable(), stateCode: z.string().nullable() });
