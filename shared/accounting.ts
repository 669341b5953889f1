// Constants of the books' exports (DECISIONS §12) both sides use. No zod here, so a screen that
// only shows them does not load it; the request schemas are shared/schemas/accounting.ts.
export const EXPORT_FORMATS = ["tally", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { tally: "TallyPrime XML", csv: "Journal CSV" };

/** Tally allows long names; a ledger name here stays readable on one line. */
export const LEDGER_NAME_MAX = 100;

export const NOTHING_TO_EXPORT = "Nothing to export: no paid transaction in these dates is left outside a batch";
export const BATCH_ALREADY_VOID = "This batch is already void";
