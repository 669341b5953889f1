import { csvChunks } from "./importer";
import { parseRow, toPunchRecord, matchHeaders } from "./punch-csv";
let t0 = Date.now(); let n = 0;
for await (const chunk of csvChunks("/tmp/hr-bench.csv")) n += chunk.length;
console.log("papaparse only", n, Date.now() - t0);
t0 = Date.now(); n = 0; let cols: any = null;
for await (const chunk of csvChunks("/tmp/hr-bench.csv")) for (const c of chunk) { if (!cols) { cols = matchHeaders(c); continue; } const r = parseRow(toPunchRecord(c, cols.columns), "2026-10"); if ("ok" in r) n++; }
console.log("with parseRow", n, Date.now() - t0);
