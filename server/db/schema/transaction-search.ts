// The transaction list's read side: narrow copies and per-day totals of transactions,
// kept by triggers in the migrations, so a list, its search and its summary read little.
import { sql } from "drizzle-orm";
import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { money, instant } from "./columns";
import { transactionStatusEnum } from "./enums";
import { transactions } from "./finance";

/**
 * The transaction list's search and summary columns, one narrow row per transaction, kept by a
 * trigger on transactions (migrations/0005) in the same database transaction as every change.
 * The list's summary reads every matching row: here that is a fraction of the pages the wide
 * transactions rows take. search_text is lower(id ␟ description ␟ party name ␟ party GSTIN)
 * (DECISIONS §4, §12: each matched case-insensitively; the party's part only when one is named, kept
 * current on a rename by a trigger on parties, migrations/0030); the unit separator keeps a search
 * from matching across two fields.
 */
export const transactionSearch = pgTable(
  "transaction_search",
  {
    transactionId: uuid("transaction_id")
      .primaryKey()
      .references(() => transactions.id, { onDelete: "cascade" }),
    searchText: text("search_text").notNull(),
    status: transactionStatusEnum("status").notNull(),
    amount: money("amount").notNull(),
    categoryId: uuid("category_id").notNull(),
    createdBy: uuid("created_by").notNull(),
    createdAt: instant("created_at").notNull(),
    // The UTC day of created_at, beside the trigrams in one GIN index (btree_gin): a search through a
    // visibility window reads only the candidates created in the window's days, not every match.
    createdDay: date("created_day").generatedAlwaysAs(sql`(created_at at time zone 'UTC')::date`),
  },
  (t) => [
    // created_day first (migrations/0018): a window's days and the trigrams narrow the matches together.
    index("transaction_search_trgm_idx").using("gin", t.createdDay, sql`${t.searchText} gin_trgm_ops`),
    // INCLUDE (created_by, status, amount) in migrations/0017 (drizzle cannot say it): the list's page
    // ids and its summary's first partial day read this index alone.
    index("transaction_search_created_at_idx").on(t.createdAt.desc(), t.transactionId.desc()),
    // The list's filters (My Transactions is createdBy = me), each newest first.
    index("transaction_search_created_by_idx").on(t.createdBy, t.createdAt.desc()),
    index("transaction_search_category_idx").on(t.categoryId, t.createdAt.desc()),
    index("transaction_search_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

/**
 * The list's summary without reading every row: transactions counted and summed per UTC
 * day of creation, creator and status, kept by a trigger on transaction_search in the same
 * statement (migrations/0014). services/transactions/queries.ts reads whole days here and only the
 * window's first, partial day from transaction_search.
 */
export const transactionDailyTotals = pgTable(
  "transaction_daily_totals",
  {
    day: date("day").notNull(),
    createdBy: uuid("created_by").notNull(),
    status: transactionStatusEnum("status").notNull(),
    count: integer("count").notNull(),
    amount: numeric("amount", { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.createdBy, t.status] }), index("transaction_daily_totals_created_by_idx").on(t.createdBy, t.day)],
);

/**
 * How often the transactions one person created on one UTC day have changed: a counter
 * raised, in the same statement, by every insert, delete and change of transaction_search that a
 * search could see (migrations/0019). A day's version is the sum over its creators; it only grows,
 * so a summary stored with a version is current exactly while the version is unchanged.
 */
export const transactionDayChanges = pgTable(
  "transaction_day_changes",
  {
    day: date("day").notNull(),
    createdBy: uuid("created_by").notNull(),
    changes: bigint("changes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.createdBy] }), index("transaction_day_changes_created_by_idx").on(t.createdBy, t.day)],
);

/**
 * A filtered list's summary kept per UTC day (services/transactions/search-summary.ts):
 * for one set of filters (`filters`, a digest of the search and the ids it matched), the matching
 * rows of one day, of every creator (`scope` '') or of one creator (their id, for a viewer's own rows
 * before their window). Written by the first list that needs the day, with the day's version read in
 * the same snapshot as the rows; a later list uses it only while that version still holds.
 */
export const transactionSearchSummaries = pgTable(
  "transaction_search_summaries",
  {
    filters: text("filters").notNull(),
    scope: text("scope").notNull(),
    day: date("day").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    approvedCount: integer("approved_count").notNull(),
    pendingCount: integer("pending_count").notNull(),
    approvedAmount: numeric("approved_amount", { precision: 16, scale: 2 }).notNull(),
    computedAt: instant("computed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.filters, t.scope, t.day] }), index("transaction_search_summaries_computed_at_idx").on(t.computedAt)],
);
