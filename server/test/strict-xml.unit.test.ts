// The strict reader the XML tests rely on refuses what XML 1.0 forbids, which a lenient one accepts.
import { describe, expect, it } from "vitest";
import { XMLValidator } from "fast-xml-parser";
import { assertWellFormedXml } from "./strict-xml";

const doc = (text: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<ENVELOPE><NAME>${text}</NAME><LEDGER NAME="${text}"/></ENVELOPE>`;

describe("the strict XML reader of the tests", () => {
  it("accepts a well-formed file with escaped names, Indian scripts and emoji", () => {
    expect(() => assertWellFormedXml(doc("Acme &amp; Sons &lt;Pvt&gt; · क्‍ष · 🙂"))).not.toThrow();
  });

  it.each([
    ["U+FFFE", "\uFFFE"],
    ["U+FFFF", "\uFFFF"],
    ["a lone high surrogate", "\uD800"],
    ["a lone low surrogate", "\uDC00"],
    ["BEL", "\u0007"],
  ])("refuses %s in text and in an attribute", (_name, char) => {
    expect(() => assertWellFormedXml(doc(`Bank${char}Transfer`))).toThrow(/Not well-formed XML/);
  });

  it("where fast-xml-parser's own validator accepts U+FFFE (why the tests need a strict reader)", () => {
    expect(XMLValidator.validate(doc("Bank\uFFFETransfer"))).toBe(true);
    expect(() => assertWellFormedXml(doc("Bank\uFFFETransfer"))).toThrow(/disallowed character/);
  });

  it("refuses an unclosed element and text that is not XML at all", () => {
    expect(() => assertWellFormedXml("<a><b></a>")).toThrow();
    expect(() => assertWellFormedXml("not xml")).toThrow();
  });
});
