// Values entered for a category's custom fields, checked against the field definitions
// (DECISIONS §4, spec 001 §3). The server runs this on every create, edit and submit; the client
// form runs the same function, so a person sees the same message the server would give.
// Dependency-free on purpose: only the money reader, the free-text rule, the date range and the field types.
import { DATE_RANGE_MESSAGE, isDayInRange } from "./date-range";
import { hasControlCharacter, stripInvisible, textRefusal } from "./free-text";
import { MAX_AMOUNT_DISPLAY, readMoney } from "./money";
import { customFieldKey, deriveFieldId, type CustomFieldRule } from "./custom-field-key";

export { customFieldKey, deriveFieldId, type CustomFieldRule };

export type CustomFieldValue = string | number | boolean | string[] | null;
export type CustomFieldValues = Record<string, CustomFieldValue>;

export type CustomFieldIssue = { path: string; message: string };

export type CustomFieldsResult = { ok: true; values: CustomFieldValues } | { ok: false; issues: CustomFieldIssue[] };
export type CustomFieldResult = { ok: true; value: CustomFieldValue | undefined } | { ok: false; message: string };

export const CUSTOM_FIELDS_PATH = "customFieldValues";
export const UNKNOWN_FIELD_MESSAGE = "Unknown field";
/** Length caps when the designer set no max, so a text field cannot carry a novel. */
export const TEXT_MAX_DEFAULT = 1000;
export const TEXTAREA_MAX_DEFAULT = 10_000;
/** A file field holds a reference (object path or file name), never the bytes. */
export const FILE_REFERENCE_MAX = 1000;
const EMAIL_MAX = 254;
const URL_MAX = 2048;

/**
 * Checks `values` against a category's field definitions. On success answers the values to store:
 * trimmed strings, numbers as numbers, currency as a normalised decimal string ("1500.00"),
 * multiselect without duplicates, empty optional fields left out, keys in the schema's order.
 * On failure answers one issue per bad field, path `customFieldValues.<fieldId>`.
 */
export function validateCustomFieldValues(schema: readonly CustomFieldRule[], values: unknown): CustomFieldsResult {
  if (values === undefined || values === null) values = {};
  if (typeof values !== "object" || Array.isArray(values)) {
    return { ok: false, issues: [{ path: CUSTOM_FIELDS_PATH, message: "Custom field values must be an object" }] };
  }
  const given = values as Record<string, unknown>;
  const fields = new Map<string, CustomFieldRule>();
  for (const field of schema) {
    const key = customFieldKey(field);
    if (!fields.has(key)) fields.set(key, field);
  }

  const issues: CustomFieldIssue[] = [];
  const accepted: [string, CustomFieldValue][] = [];
  for (const [key, field] of fields) {
    const value = Object.prototype.hasOwnProperty.call(given, key) ? given[key] : undefined;
    const result = validateCustomFieldValue(field, value);
    if (!result.ok) issues.push({ path: `${CUSTOM_FIELDS_PATH}.${key}`, message: result.message });
    else if (result.value !== undefined) accepted.push([key, result.value]);
  }
  for (const key of Object.keys(given)) {
    if (!fields.has(key)) issues.push({ path: `${CUSTOM_FIELDS_PATH}.${key}`, message: UNKNOWN_FIELD_MESSAGE });
  }
  // fromEntries defines own properties, so a field called "__proto__" cannot reach a prototype.
  return issues.length ? { ok: false, issues } : { ok: true, values: Object.fromEntries(accepted) };
}

/**
 * One field's value. `value: undefined` means "nothing to store" (an empty optional field).
 * Usable as a per-field form validator: `(v) => { const r = validateCustomFieldValue(f, v); return r.ok || r.message; }`.
 */
export function validateCustomFieldValue(field: CustomFieldRule, value: unknown): CustomFieldResult {
  const label = field.label.trim() || customFieldKey(field);
  if ((field.type === "text" || field.type === "textarea") && typeof value === "string") {
    // Text is text (DECISIONS §10), whatever the designer's message says about the field's other rules.
    const lines = field.type === "textarea" ? "multi" : "single";
    const refusal = textRefusal(value, label, lines);
    if (refusal) return { ok: false, message: refusal };
    value = stripInvisible(value);
  }
  if (isEmpty(value) || (field.type === "checkbox" && field.required && value === false)) {
    if (!field.required) return { ok: true, value: undefined };
    // A required checkbox is one the person must tick ("I confirm…"); otherwise `required` would mean nothing.
    return { ok: false, message: field.type === "checkbox" ? `${label} must be checked` : `${label} is required` };
  }
  const checked = checkValue(field, label, value);
  if (typeof checked === "string") {
    // The designer's own message replaces ours for every rule but "required" (spec 001 §2 field editor).
    const custom = field.validation?.message?.trim();
    return { ok: false, message: custom || checked };
  }
  return { ok: true, value: checked.value };
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}

// A problem message, or the value to store.
function checkValue(field: CustomFieldRule, label: string, value: unknown): string | { value: CustomFieldValue } {
  switch (field.type) {
    case "text":
    case "textarea": {
      if (typeof value !== "string") return `${label} must be text`;
      const text = value.trim();
      const length = [...text].length;
      const min = field.validation?.min ?? null;
      const max = field.validation?.max ?? (field.type === "text" ? TEXT_MAX_DEFAULT : TEXTAREA_MAX_DEFAULT);
      if (min !== null && length < min) return `${label} must be at least ${min} ${plural(min, "character")}`;
      if (length > max) return `${label} must be at most ${max} ${plural(max, "character")}`;
      return { value: text };
    }
    case "number": {
      const n = readNumber(value);
      return n === null ? `${label} must be a number` : { value: n };
    }
    case "currency": {
      const reading = readMoney(typeof value === "string" ? value.trim() : value);
      if (reading.ok) return { value: reading.value };
      switch (reading.problem) {
        case "negative":
          return `${label} cannot be negative`;
        case "precision":
          return `${label} can have at most 2 decimal places`;
        case "too_large":
          return `${label} cannot exceed ${MAX_AMOUNT_DISPLAY}`;
        default:
          return `${label} must be a number`;
      }
    }
    case "email":
      return typeof value === "string" && isEmail(value.trim()) ? { value: value.trim() } : `${label} must be a valid email address`;
    case "phone": {
      const text = typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? String(value) : value;
      return typeof text === "string" && isPhone(text.trim()) ? { value: text.trim() } : `${label} must be a valid phone number (7 to 15 digits)`;
    }
    case "url":
      return typeof value === "string" && isHttpUrl(value.trim())
        ? { value: value.trim() }
        : `${label} must be a valid web address starting with http:// or https://`;
    case "date":
      if (typeof value !== "string" || !isIsoDate(value.trim())) return `${label} must be a valid date (YYYY-MM-DD)`;
      return isDayInRange(value.trim()) ? { value: value.trim() } : `${label}: ${DATE_RANGE_MESSAGE.toLowerCase()}`;
    case "datetime":
      if (typeof value !== "string" || !isIsoDateTime(value.trim())) return `${label} must be a valid date and time (YYYY-MM-DDTHH:MM)`;
      return isDayInRange(value.trim()) ? { value: value.trim() } : `${label}: ${DATE_RANGE_MESSAGE.toLowerCase()}`;
    case "select": {
      const options = field.options ?? [];
      if (typeof value === "string" && options.includes(value.trim())) return { value: value.trim() };
      return `${label} must be one of: ${describeOptions(options)}`;
    }
    case "multiselect": {
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) return `${label} must be a list of choices`;
      const options = field.options ?? [];
      const chosen = [...new Set(value.map((v: string) => v.trim()))];
      const stranger = chosen.find((v) => !options.includes(v));
      if (stranger !== undefined) return `${label} has a choice that is not offered: "${stranger}" (choose from: ${describeOptions(options)})`;
      // Stored in the designer's order, whatever order they were ticked in.
      return { value: options.filter((o) => chosen.includes(o)) };
    }
    case "checkbox":
      return typeof value === "boolean" ? { value } : `${label} must be ticked or not (true or false)`;
    case "file": {
      // The value references an uploaded file (its object path or file name); the bytes travel as an
      // attachment, which carries its own existence and size checks (DECISIONS §4 attachments).
      if (typeof value !== "string" || hasControlCharacter(value, "single")) return `${label} must be a file name or path`;
      const text = value.trim();
      return [...text].length > FILE_REFERENCE_MAX ? `${label} must be at most ${FILE_REFERENCE_MAX} characters` : { value: text };
    }
    default: {
      const unknownType: never = field.type;
      return `${label} has an unknown field type (${String(unknownType)})`;
    }
  }
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

function describeOptions(options: readonly string[]): string {
  if (options.length === 0) return "(no options defined)";
  return options.length <= 10 ? options.join(", ") : `${options.slice(0, 10).join(", ")} and ${options.length - 10} more`;
}

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A finite number, from a JSON number or a plain decimal string ("12", "-3.5"); no exponents or commas. */
export function readNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!NUMBER_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX && EMAIL.test(text) && !hasControlCharacter(text, "single");
}

// Indian ("98765 43210", "+91-98765-43210", "(022) 2345 6789") and international ("+44 20 7946 0958")
// numbers: digits, spaces, hyphens, parentheses, one leading +; 7 to 15 digits (E.164 allows 15).
const PHONE = /^\+?[\d\s()-]+$/;

export function isPhone(text: string): boolean {
  if (!PHONE.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

export function isHttpUrl(text: string): boolean {
  if (text.length > URL_MAX || /\s/.test(text) || hasControlCharacter(text, "single")) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD naming a real calendar day (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  return isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

// What <input type="datetime-local"> sends ("2026-11-21T14:30"), with optional seconds and
// fraction, and optionally a zone ("Z", "+05:30", "+0530").
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

/** An ISO 8601 local date-time, or one with a zone; the day and the time must exist. */
export function isIsoDateTime(text: string): boolean {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return false;
  if (!isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hours, minutes, seconds] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return false;
  if (m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59)) return false;
  return true;
}
