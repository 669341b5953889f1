// Text is text (DECISIONS §10): the two builders every free-text field is made of, and the custom
// field check of text and textarea values, which applies the same rule without zod.
import { describe, expect, it } from "vitest";
import { validateCustomFieldValue, type CustomFieldRule } from "../custom-fields";
import { multiLineText, singleLineText } from "./text";

const single = singleLineText("Name", { error: "Name is required" }).min(1, "Name is required").max(20, "Name must be at most 20 characters");
const multi = multiLineText("Description").min(2, "Description must be at least 2 characters");

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const C0 = range(0x00, 0x1f);
const C1 = range(0x7f, 0x9f);
const LINES = [0x09, 0x0a];
const STRIPPED = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069), 0x200b, 0xfeff];

const SINGLE_MESSAGE = "Name cannot contain tabs, line breaks or control characters";
const MULTI_MESSAGE = "Description cannot contain control characters";

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

describe("a single-line field refuses every C0 and C1 control character, tab and new line among them", () => {
  it.each([...C0, ...C1].map((code) => [hex(code), code]))("%s", (_name, code) => {
    const result = single.safeParse(`ab${String.fromCharCode(code)}cd`);
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual([SINGLE_MESSAGE]);
  });
});

describe("a multi-line field refuses every control character but tab and new line", () => {
  it.each([...C0, ...C1].filter((code) => !LINES.includes(code)).map((code) => [hex(code), code]))("%s", (_name, code) => {
    const result = multi.safeParse(`ab${String.fromCharCode(code)}cd`);
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual([MULTI_MESSAGE]);
  });

  it("keeps tab, LF and CRLF", () => {
    expect(multi.parse("one\ttwo\nthree\r\nfour")).toBe("one\ttwo\nthree\r\nfour");
  });

  it("refuses a CR that is not part of CRLF", () => {
    expect(issuesOf(multi.safeParse("one\rtwo"))).toEqual([MULTI_MESSAGE]);
  });
});

describe("what is not text is refused in every field, naming the field and the character (DECISIONS §10)", () => {
  // The 66 noncharacters: U+FDD0–U+FDEF and the last two code points of each of the 17 planes.
  const NONCHARACTERS = [...range(0xfdd0, 0xfdef), ...range(0, 16).flatMap((plane) => [plane * 0x10000 + 0xfffe, plane * 0x10000 + 0xffff])];

  it("there are 66 noncharacters", () => {
    expect(NONCHARACTERS).toHaveLength(66);
  });

  it.each(NONCHARACTERS.map((code) => [hex(code), code]))("%s, in a single-line and a multi-line field", (name, code) => {
    const c = String.fromCodePoint(code);
    expect(issuesOf(single.safeParse(`ab${c}cd`))).toEqual([`Name contains a character that is not text (${name}): retype it`]);
    expect(issuesOf(multi.safeParse(`ab\n${c}`))).toEqual([`Description contains a character that is not text (${name}): retype it`]);
  });

  it.each([
    ["a lone high surrogate", "\uD800", "U+D800"],
    ["a lone low surrogate", "\uDFFF", "U+DFFF"],
    ["two high surrogates", "\uD83D\uD83D", "U+D83D"],
    ["a low before its high", "\uDE00\uD83D", "U+DE00"],
  ])("%s", (_what, text, named) => {
    expect(issuesOf(single.safeParse(`ab${text}`))).toEqual([`Name contains a character that is not text (${named}): retype it`]);
  });

  it("keeps what is text next to them: an emoji's surrogate pair, the last private-use and the first and last assigned code points", () => {
    for (const word of ["ok 🙂", "\u{10FFFD}", "\uFDCF\uFDF0", "\uFFFD"]) expect(single.parse(word)).toBe(word);
  });

  it("a custom text or textarea value the same way", () => {
    const field: CustomFieldRule = { id: "ref", label: "Reference", type: "text" };
    expect(validateCustomFieldValue(field, "PO\uFFFE1")).toEqual({ ok: false, message: "Reference contains a character that is not text (U+FFFE): retype it" });
    expect(validateCustomFieldValue({ ...field, type: "textarea" }, "a\n\uDC00")).toEqual({
      ok: false,
      message: "Reference contains a character that is not text (U+DC00): retype it",
    });
  });
});

describe("the invisible reordering characters are dropped before the field is stored", () => {
  it.each(STRIPPED.map((code) => [hex(code), code]))("%s, wherever it stands", (_name, code) => {
    const c = String.fromCharCode(code);
    expect(single.parse(`${c}ab${c}c${c}`)).toBe("abc");
    expect(multi.parse(`${c}ab\n${c}c${c}`)).toBe("ab\nc");
  });

  it("turns abc\\u202Egnp.exe into what it really says", () => {
    expect(single.parse("abc\u202Egnp.exe")).toBe("abcgnp.exe");
  });

  it("checks the lengths on what remains: only invisible characters is empty, and they do not count", () => {
    expect(issuesOf(single.safeParse("\u202E\u200B\uFEFF"))).toEqual(["Name is required"]);
    expect(issuesOf(multi.safeParse("a\u2066\u2069"))).toEqual(["Description must be at least 2 characters"]);
    expect(single.parse(`${"x".repeat(20)}\u202E`)).toBe("x".repeat(20));
  });
});

describe("ZWJ and ZWNJ are kept byte for byte: Indian scripts spell with them", () => {
  const words = ["क्\u200Dष", "क्\u200Cष", "प्रिया", "കാര്\u200Dത്തിക", "അവന്\u200D", "ന്\u200D"];
  it.each(words)("%s", (word) => {
    expect(Buffer.from(single.parse(word))).toEqual(Buffer.from(word));
    expect(Buffer.from(multi.parse(`${word}\n${word}`))).toEqual(Buffer.from(`${word}\n${word}`));
  });
});

describe("custom field values of type text and textarea follow the same rule", () => {
  const text: CustomFieldRule = { id: "ref", label: "Reference", type: "text", required: true, validation: { message: "Use the PO number" } };
  const textarea: CustomFieldRule = { id: "note", label: "Note", type: "textarea" };

  it("refuses a C0 or C1 character with the field's name, not the designer's message", () => {
    expect(validateCustomFieldValue(text, "PO\u0085123")).toEqual({ ok: false, message: "Reference cannot contain tabs, line breaks or control characters" });
    expect(validateCustomFieldValue(text, "PO\u0007123")).toEqual({ ok: false, message: "Reference cannot contain tabs, line breaks or control characters" });
    expect(validateCustomFieldValue(textarea, "a\u009bb")).toEqual({ ok: false, message: "Note cannot contain control characters" });
  });

  it("allows tab and new line only in a textarea", () => {
    expect(validateCustomFieldValue(text, "a\tb").ok).toBe(false);
    expect(validateCustomFieldValue(text, "a\nb").ok).toBe(false);
    expect(validateCustomFieldValue(textarea, "a\tb\nc")).toEqual({ ok: true, value: "a\tb\nc" });
  });

  it("drops the invisible characters, then a required field left empty is missing", () => {
    expect(validateCustomFieldValue(text, "abc\u202Egnp.exe\u2066\u200B\uFEFF")).toEqual({ ok: true, value: "abcgnp.exe" });
    expect(validateCustomFieldValue(text, "\u202E\u200B")).toEqual({ ok: false, message: "Reference is required" });
    expect(validateCustomFieldValue(textarea, "\u2067")).toEqual({ ok: true, value: undefined });
  });

  it("keeps ZWJ and ZWNJ", () => {
    expect(validateCustomFieldValue(text, "क्\u200Dष क्\u200Cष")).toEqual({ ok: true, value: "क्\u200Dष क्\u200Cष" });
  });
});
