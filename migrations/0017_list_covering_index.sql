-- Hand-written (drizzle cannot say INCLUDE): the list's newest-first index also carries the columns
-- the list reads beside the order, so its two reads need no table row: the page's ids through the
-- viewer's window (created_by) and the summary's rows of the window's first, partial day (status,
-- amount). Built under another name first, so the list is never without its index.
CREATE INDEX "transaction_search_created_at_covering_idx" ON "transaction_search" USING btree ("created_at" DESC NULLS LAST, "transaction_id" DESC NULLS LAST) INCLUDE ("created_by", "status", "amount");--> statement-breakpoint
DROP INDEX "transaction_search_created_at_idx";--> statement-breakpoint
ALTER INDEX "transaction_search_created_at_covering_idx" RENAME TO "transaction_search_created_at_idx";
