-- A search through a visibility window (DECISIONS §4) read every trigram match of the whole table and
-- dropped those created before the window afterwards: 'mumbai' as an Approver visited 14,286 rows to
-- keep 4,762. The UTC day of creation sits beside the trigrams in one GIN index (btree_gin, a trusted
-- extension like pg_trgm), so the window's days narrow the matches inside the index. The combined index
-- serves a search without a window (a SuperAdmin's) as the trigram index alone did.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "transaction_search" ADD COLUMN "created_day" date GENERATED ALWAYS AS ((created_at at time zone 'UTC')::date) STORED;--> statement-breakpoint
CREATE INDEX "transaction_search_day_trgm_idx" ON "transaction_search" USING gin ("created_day","search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "transaction_search_trgm_idx";--> statement-breakpoint
ALTER INDEX "transaction_search_day_trgm_idx" RENAME TO "transaction_search_trgm_idx";
