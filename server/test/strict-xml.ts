// Every XML file the product writes is read back by a strict XML parser in its tests (DECISIONS
// §10): saxes checks well-formedness as XML 1.0 defines it, characters included (U+FFFE, U+FFFF,
// a lone surrogate, a control character), where fast-xml-parser's validator lets them through and
// TallyPrime then refuses the whole file.
import { SaxesParser } from "saxes";

/** Throws, naming every problem with its line and column, unless `xml` is a well-formed XML 1.0 document. */
export function assertWellFormedXml(xml: string): void {
  const problems: string[] = [];
  const parser = new SaxesParser({ xmlns: false });
  parser.on("error", (err) => problems.push(err.message));
  let elements = 0;
  parser.on("opentag", () => {
    elements++;
  });
  parser.write(xml).close();
  // saxes reads UTF-16 and pairs a lone high surrogate with what follows; no UTF-8 file can hold one.
  const lone = /\p{Cs}/u.exec(xml);
  if (lone) problems.push(`a lone surrogate U+${lone[0].charCodeAt(0).toString(16).toUpperCase()} at offset ${lone.index}`);
  if (elements === 0) problems.push("no root element");
  if (problems.length > 0) throw new Error(`Not well-formed XML: ${problems.slice(0, 5).join("; ")}`);
}
