import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, csvLines, csvRow, csvStream, type CsvValue, toCsv, UTF8_BOM } from "./csv";

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return text;
}

async function* rowsOf(rows: CsvValue[][]): AsyncGenerator<CsvValue[]> {
  for (const row of rows) {
    await Promise.resolve();
    yield row;
  }
}

describe("csvCell: RFC 4180 quoting", () => {
  it.each<[CsvValue, string]>([
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [1234.5, "1234.5"],
    [0, "0"],
    [true, "true"],
    [false, "false"],
    [new Date("2026-11-21T04:30:00.000Z"), "2026-11-21T04:30:00.000Z"],
    [new Date("nonsense"), ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ["line 1\nline 2", '"line 1\nline 2"'],
    ["line 1\r\nline 2", '"line 1\r\nline 2"'],
    ["  spaces kept  ", "  spaces kept  "],
    ["₹1,50,000 — राम", '"₹1,50,000 — राम"'],
  ])("%j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe("csvCell: formula neutralisation (DECISIONS §4)", () => {
  it.each<[CsvValue, string]>([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+91 98765 43210", "'+91 98765 43210"],
    ["-10", "'-10"],
    ["@cmd", "'@cmd"],
    ["\tTAB", "'\tTAB"],
    ["\rCR", '"\'\rCR"'], // prefixed, then quoted because of the CR
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["=1,2", '"\'=1,2"'],
    [-5, "'-5"],
    ["a=b", "a=b"],
    ["email@example.com", "email@example.com"],
    [" =not first", " =not first"],
    ["'already", "'already"],
  ])("%j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe("rows and documents", () => {
  it("writes a bigint as its digits", () => {
    expect(csvCell(12n)).toBe("12");
  });

  it("joins cells with commas and ends with CRLF", () => {
    expect(csvRow(["TXN-000001", "Office chairs, 4", 1500, null, "=1+1"])).toBe('TXN-000001,"Office chairs, 4",1500,,\'=1+1\r\n');
  });

  it("an empty row is an empty line", () => {
    expect(csvRow([])).toBe("\r\n");
  });

  it("toCsv puts the header first, with an optional BOM", () => {
    expect(
      toCsv(
        ["ID", "Amount"],
        [
          ["TXN-1", "10.00"],
          ["TXN-2", "20.50"],
        ],
      ),
    ).toBe("ID,Amount\r\nTXN-1,10.00\r\nTXN-2,20.50\r\n");
    expect(toCsv(["ID"], [], { bom: true })).toBe(`${UTF8_BOM}ID\r\n`);
  });

  it("csvLines yields the header, then a line per row, from sync or async sources", async () => {
    const fromAsync: string[] = [];
    for await (const line of csvLines(
      ["a", "b"],
      rowsOf([
        [1, 2],
        ["x", "=y"],
      ]),
    ))
      fromAsync.push(line);
    expect(fromAsync).toEqual(["a,b\r\n", "1,2\r\n", "x,'=y\r\n"]);
    const fromArray: string[] = [];
    for await (const line of csvLines(["a"], [["1"], ["2"]])) fromArray.push(line);
    expect(fromArray).toEqual(["a\r\n", "1\r\n", "2\r\n"]);
  });

  it("csvFileName names the export by date", () => {
    expect(csvFileName("transactions", "2026-11-21")).toBe("transactions_2026-11-21.csv");
  });
});

describe("csvStream: a Readable for streaming exports", () => {
  it("streams the header and every row", async () => {
    const text = await collect(
      csvStream(
        ["ID", "Description"],
        rowsOf([
          ["TXN-1", "Tea, biscuits"],
          ["TXN-2", "-discount"],
        ]),
      ),
    );
    expect(text).toBe('ID,Description\r\nTXN-1,"Tea, biscuits"\r\nTXN-2,\'-discount\r\n');
  });

  it("starts with a BOM when asked", async () => {
    expect(await collect(csvStream(["ID"], [], { bom: true }))).toBe(`${UTF8_BOM}ID\r\n`);
  });

  it("an empty source still gives the header", async () => {
    expect(await collect(csvStream(["ID", "Amount"], rowsOf([])))).toBe("ID,Amount\r\n");
  });

  it("gathers lines into chunks instead of one write per row", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [`TXN-${String(i).padStart(6, "0")}`, "x".repeat(50)]);
    const chunks: string[] = [];
    for await (const chunk of csvStream(["ID", "Text"], rows, { chunkSize: 4096 })) chunks.push(String(chunk));
    expect(chunks.join("")).toBe(toCsv(["ID", "Text"], rows));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(50);
  });

  it("pulls rows only as the consumer reads (memory stays flat)", async () => {
    let produced = 0;
    async function* endless(): AsyncGenerator<CsvValue[]> {
      for (;;) {
        produced += 1;
        yield [produced, "y".repeat(100)];
      }
    }
    const stream = csvStream(["n", "text"], endless(), { chunkSize: 1024 });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Only what fills the stream's buffer (highWaterMark) was read, not the endless source.
    expect(produced).toBeLessThan(2000);
    await iterator.return?.();
  });

  it("closes the source when the consumer stops early (a client disconnect)", async () => {
    let closed = false;
    async function* source(): AsyncGenerator<CsvValue[]> {
      try {
        for (let i = 0; ; i++) yield [i];
      } finally {
        closed = true;
      }
    }
    const stream = csvStream(["n"], source(), { chunkSize: 16 });
    for await (const _chunk of stream) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closed).toBe(true);
    expect(stream.destroyed).toBe(true);
  });

  it("fails the stream when the source fails", async () => {
    async function* broken(): AsyncGenerator<CsvValue[]> {
      yield ["ok"];
      throw new Error("cursor lost");
    }
    const sink = new Writable({ write: (_chunk, _enc, done) => done() });
    await expect(pipeline(csvStream(["n"], broken()), sink)).rejects.toThrow("cursor lost");
  });
});
