DROP INDEX "transactions_pending_idx";--> statement-breakpoint
DROP INDEX "transactions_duplicate_idx";--> statement-breakpoint
CREATE INDEX "transactions_pending_idx" ON "transactions" USING btree ("is_priority" DESC NULLS LAST,"created_at","id","created_by") WHERE "transactions"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "transactions_duplicate_idx" ON "transactions" USING btree ("category_id","amount","transaction_date","created_at","created_by","id");