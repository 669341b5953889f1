// The books (DECISIONS §12): parties named on transactions, and the exports to the accounts with
// what each took. The company and GST settings live in `settings`; a bill's GST is a transaction column.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, unique, uuid } from "drizzle-orm/pg-core";
import type { GstLineBreakup } from "../../../shared/gst";
import type { TdsDetails } from "../../../shared/tds";
import { money, instant, createdAt, updatedAt } from "./columns";
import { exportFormatEnum, formTypeEnum } from "./enums";
import { users } from "./users";

// What an export batch keeps of the books (DECISIONS §12), as services/books/vouchers.ts reads it.
/** A GST line of a bill as exported: what was bought, its value and the tax computed on it (shared/gst.ts). */
type ExportGstLine = Pick<GstLineBreakup, "hsnSac" | "taxableValue" | "rate" | "cgst" | "sgst" | "igst">;
/** The GST of a bill as exported (the body the person entered and the breakup the server computed). */
export type ExportGst = {
  invoiceNumber: string;
  invoiceDate: string;
  reverseCharge: boolean;
  itcEligible: boolean;
  lines: ExportGstLine[];
};

/** Every ledger name the vouchers use (the SuperAdmin's mapping, defaults filled in). */
export type LedgerMap = {
  categories: Record<string, string>;
  paymentMethods: Record<string, string>;
  inputCgst: string;
  inputSgst: string;
  inputIgst: string;
  outputCgstRcm: string;
  outputSgstRcm: string;
  outputIgstRcm: string;
  roundOff: string;
  /**
   * Whether each category's ledger is an income or an expense ledger, decided when the batch is
   * taken by the form types its transactions use (books/ledgers.ts categoryKinds); absent in batches
   * taken before it was kept, whose vouchers then say it per line.
   */
  categoryKinds?: Record<string, "income" | "expense">;
};

/** A bill's TDS as a batch keeps it (DECISIONS §12): what was deducted, and the ledger it was posted to then. */
export type ExportTds = Pick<TdsDetails, "amount" | "legacySection"> & { ledgerName: string };

/** A rate in percent, to the hundredth (0.1 % … 100 %). */
const rate = (name: string) => numeric(name, { precision: 5, scale: 2 });

/**
 * TDS natures (DECISIONS §12): the kinds of payment tax is deducted on, kept by the SuperAdmin, with
 * their section in the 1961 Act (how accountants know them) and their place in section 393 of the
 * 2025 Act, the rates by the party's PAN, the thresholds and the TDS ledger the books post to. The
 * seven the law names for vendor bills are seeded by the migration that made the table. One a bill
 * used is deactivated, never deleted.
 */
export const tdsNatures = pgTable(
  "tds_natures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    legacySection: text("legacy_section").notNull(),
    actReference: text("act_reference").notNull(),
    paymentCode: text("payment_code"),
    rateIndividual: rate("rate_individual").notNull(),
    rateOther: rate("rate_other").notNull(),
    noPanRate: rate("no_pan_rate").notNull().default("20"),
    singleThreshold: money("single_threshold"),
    yearlyThreshold: money("yearly_threshold"),
    monthlyThreshold: money("monthly_threshold"),
    onlyAboveThreshold: boolean("only_above_threshold").notNull().default(false),
    ledgerName: text("ledger_name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tds_natures_name_lower_key").on(sql`lower(${t.name})`),
    check(
      "tds_natures_rates_range",
      sql`${t.rateIndividual} > 0 and ${t.rateIndividual} <= 100 and ${t.rateOther} > 0 and ${t.rateOther} <= 100 and ${t.noPanRate} > 0 and ${t.noPanRate} <= 100`,
    ),
    check("tds_natures_only_above_needs_yearly", sql`not ${t.onlyAboveThreshold} or ${t.yearlyThreshold} is not null`),
  ],
);

/**
 * Parties (DECISIONS §12): the vendors paid and the payers received from, named on transactions.
 * Names are unique case-insensitively; a party is deactivated, never deleted, so the books keep
 * naming it. gstin, pan and state_code are stored upper-case as shared/gstin.ts normalises them;
 * when a GSTIN is given, the PAN and the state code are the ones it carries.
 */
export const parties = pgTable(
  "parties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    gstin: text("gstin"),
    pan: text("pan"),
    stateCode: text("state_code"),
    email: text("email"),
    phone: text("phone"),
    // The party's usual kind of payment (DECISIONS §12 TDS): a new bill naming the party starts with it.
    tdsNatureId: uuid("tds_nature_id").references(() => tdsNatures.id),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("parties_name_lower_key").on(sql`lower(${t.name})`),
    // Two parties may not share a GSTIN (DECISIONS §12); services/parties.ts answers the 409 naming the other.
    uniqueIndex("parties_gstin_key").on(t.gstin),
    index("parties_created_by_idx").on(t.createdBy),
    index("parties_tds_nature_idx").on(t.tdsNatureId),
    // The picker and the Parties page search names by any part ("trad" finds "Sharma Traders").
    index("parties_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    check("parties_gstin_shape", sql`${t.gstin} is null or ${t.gstin} ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'`),
    check("parties_pan_shape", sql`${t.pan} is null or ${t.pan} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`),
    check("parties_state_code_shape", sql`${t.stateCode} is null or ${t.stateCode} ~ '^[0-9]{2}$'`),
  ],
);

/**
 * One export to the books: the paid transactions it took and what the vouchers are built from
 * (the company's name and the ledger names as they were), so its file is the same bytes each time
 * whatever is renamed or changed later.
 */
export const exportBatches = pgTable(
  "export_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // 1, 2, 3 … without gaps: given under the export lock (services/books/exports.ts), so an export
    // that finds nothing to take does not use up a number as a sequence would.
    number: integer("number").notNull(),
    format: exportFormatEnum("format").notNull(),
    fromDate: date("from_date").notNull(),
    toDate: date("to_date").notNull(),
    itemCount: integer("item_count").notNull(),
    total: money("total").notNull(),
    companyName: text("company_name").notNull(),
    ledgers: jsonb("ledgers").$type<LedgerMap>().notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    voidedAt: instant("voided_at"),
    voidedBy: uuid("voided_by").references(() => users.id),
    voidReason: text("void_reason"),
  },
  (t) => [
    unique("export_batches_number_key").on(t.number),
    index("export_batches_created_at_idx").on(t.createdAt.desc()),
    index("export_batches_created_by_idx").on(t.createdBy),
    index("export_batches_voided_by_idx").on(t.voidedBy),
  ],
);

/**
 * A transaction as a batch took it. `live` is true until the batch is void: the unique index on
 * live items is what makes two exports at once unable to take one transaction twice. A deleted
 * transaction leaves its item: the file still holds what was exported.
 */
export const exportItems = pgTable(
  "export_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => exportBatches.id, { onDelete: "cascade" }),
    // No foreign key: a deleted transaction keeps its item, and its id still finds the audit entry
    // of its deletion (changed since export).
    transactionId: uuid("transaction_id").notNull(),
    live: boolean("live").notNull().default(true),
    humanReadableId: text("human_readable_id").notNull(),
    formType: formTypeEnum("form_type").notNull(),
    amount: money("amount").notNull(),
    transactionDate: date("transaction_date").notNull(),
    paidDate: date("paid_date").notNull(),
    paymentMethod: text("payment_method"),
    categoryId: uuid("category_id").notNull(),
    categoryName: text("category_name").notNull(),
    description: text("description").notNull(),
    partyName: text("party_name"),
    partyGstin: text("party_gstin"),
    // An expense claim's employee, as the claim kept them (DECISIONS §15): the ledger it pays.
    claimantName: text("claimant_name"),
    gst: jsonb("gst").$type<ExportGst | null>(),
    tds: jsonb("tds").$type<ExportTds | null>(),
  },
  (t) => [
    uniqueIndex("export_items_live_transaction_key")
      .on(t.transactionId)
      .where(sql`${t.live}`),
    // The file's order: by paid date, then number.
    index("export_items_batch_order_idx").on(t.batchId, t.paidDate, t.humanReadableId),
    index("export_items_transaction_idx").on(t.transactionId),
  ],
);

export type PartyRow = typeof parties.$inferSelect;
export type TdsNatureRow = typeof tdsNatures.$inferSelect;
export type ExportBatchRow = typeof exportBatches.$inferSelect;
export type ExportItemRow = typeof exportItems.$inferSelect;
