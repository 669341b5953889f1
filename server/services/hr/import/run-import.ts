// One import inside its transaction (DECISIONS §8, §9), stage by stage, the data flowing one way:
// read-csv.ts streams the file's records; punch-csv.ts reads each row; match-names.ts finds its
// employee; store-punches.ts stores the punches; recalculate-month.ts records the month's covered
// range and recalculates the affected days; preview.ts shows a dry run's days. The import record
// and its audit entry are written here.
import { sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { attendanceImports } from "../../../db/schema";
import type { Actor } from "../../../context";
import type { ServiceContext } from "../../context";
import type { ImportResult } from "../../../../shared/schemas/hr";
import { badRequest } from "../../errors";
import { writeAudit } from "../../audit";
import { csvChunks } from "./read-csv";
import { matchHeaders, missingColumnsMessage, parseRow, toPunchRecord } from "./punch-csv";
import { NameMatcher } from "./match-names";
import { PunchStore } from "./store-punches";
import { recordAndRecalculate } from "./recalculate-month";
import { previewImport } from "./preview";

/** Bad rows reported in the answer (all are counted in the import record). */
export const MAX_REPORTED_ERRORS = 100;

/** What the person asks for: the stored upload, its month, a dry run or not, and optionally the last day it records. */
export type ImportRequest = {
  filePath: string;
  fileName: string;
  month: string;
  dryRun: boolean;
  /** The last day this import records (checked against the month and today); absent: the DECISIONS §8 default. */
  coveredThrough?: string;
};

/** An import admitted to run: the request, who asks, and the day it runs. */
export type ImportInput = ImportRequest & {
  actor: Actor;
  /** Today in APP_TIMEZONE: days after it are not marked. */
  today: string;
  ipAddress: string | null;
};

export type ImportAnswer = ImportResult;

export async function runImport(tx: Tx, ctx: Pick<ServiceContext, "clock">, input: ImportInput): Promise<ImportAnswer> {
  const names = await NameMatcher.load(tx);
  const store = new PunchStore(tx);
  const [record] = await tx
    .insert(attendanceImports)
    .values({
      fileName: input.fileName.slice(0, 255),
      month: input.month,
      totalRows: 0,
      processedEvents: 0,
      duplicateEvents: 0,
      skippedRows: 0,
      errorRows: 0,
      importedBy: input.actor.id,
    })
    .returning({ id: attendanceImports.id });

  let totalRows = 0;
  let skippedRows = 0;
  let errorRows = 0;
  let matchedEvents = 0;
  const errors: { row: number; message: string }[] = [];
  const employeeIds = new Set<string>();
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  // The file's newest punch of the month, matched to an employee or not: how far the machine's export reaches.
  let newestPunch: string | null = null;

  const reportError = (row: number, message: string) => {
    errorRows += 1;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row, message });
  };

  let columns: ReturnType<typeof matchHeaders> | null = null;
  // Rows are numbered as a spreadsheet shows them: the header is row 1, the first data row is row 2.
  let rowNumber = 0;
  try {
    for await (const chunk of csvChunks(input.filePath)) {
      for (const cells of chunk) {
        rowNumber += 1;
        if (columns === null) {
          columns = matchHeaders(cells.map((c) => String(c ?? "")));
          if (!columns.ok) throw badRequest(missingColumnsMessage(columns.missing));
          continue;
        }
        if (!columns.ok) break;
        const row = parseRow(toPunchRecord(cells, columns.columns), input.month, input.today);
        if ("skip" in row) {
          if (row.skip === "blank") continue;
          totalRows += 1;
          skippedRows += 1;
          continue;
        }
        totalRows += 1;
        if ("error" in row) {
          reportError(rowNumber, row.error);
          continue;
        }
        if (newestPunch === null || row.date > newestPunch) newestPunch = row.date;
        const match = names.employeeOf(row);
        if (match === null) continue;
        if ("error" in match) {
          reportError(rowNumber, match.error);
          continue;
        }
        matchedEvents += 1;
        employeeIds.add(match.employeeId);
        if (firstDate === null || row.date < firstDate) firstDate = row.date;
        if (lastDate === null || row.date > lastDate) lastDate = row.date;
        if (store.addPunch(match.employeeId, row.date, row.time, row.seconds, row.type)) await store.storeFullBatch();
      }
    }
  } finally {
    await store.settle();
  }
  if (columns === null) throw badRequest(`The file has no header row. ${missingColumnsMessage(["Employee Name", "Date", "Time", "Event Type"])}`);
  const processedEvents = await store.finish();

  const recorded = await recordAndRecalculate(tx, {
    importId: record.id,
    month: input.month,
    today: input.today,
    coveredThrough: input.coveredThrough,
    newestPunch,
    employeeIds,
  });
  const answer: ImportAnswer = {
    processedEvents,
    totalRows,
    skippedRows,
    duplicateEvents: matchedEvents - processedEvents,
    unmatchedNames: names.unmatchedNames(),
    errors,
    coveredThrough: recorded.coveredThrough,
    monthCoveredThrough: recorded.monthCoveredThrough,
    coverageWarning: recorded.coverageWarning,
  };

  await tx
    .update(attendanceImports)
    .set({ totalRows, processedEvents, duplicateEvents: answer.duplicateEvents, skippedRows, errorRows })
    .where(sql`${attendanceImports.id} = ${record.id}`);
  await writeAudit(tx, ctx, {
    action: input.dryRun ? "dry_run" : "import",
    entityType: "import",
    entityId: record.id,
    actor: input.actor,
    after: { fileName: input.fileName, month: input.month, ...answer, errorRows, unmatchedNames: answer.unmatchedNames.length, errors: undefined },
    ipAddress: input.ipAddress,
  });

  if (input.dryRun) {
    answer.dryRun = true;
    answer.preview = await previewImport(tx, { ...recorded, month: input.month, matchedEmployees: employeeIds.size, firstDate, lastDate, newestPunch });
  }
  return answer;
}
