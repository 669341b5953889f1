DROP INDEX "transactions_description_trgm_idx";--> statement-breakpoint
DROP INDEX "transactions_human_id_trgm_idx";--> statement-breakpoint
DROP INDEX "transactions_approved_at_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(human_readable_id || chr(31) || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_search_trgm_idx" ON "transactions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_approved_by_date_idx" ON "transactions" USING btree ("transaction_date","amount","created_by","created_at") WHERE "transactions"."status" in ('Approved', 'PaymentDue', 'Paid', 'Completed');--> statement-breakpoint
CREATE INDEX "transactions_unpaid_idx" ON "transactions" USING btree ("created_at","amount","created_by") WHERE "transactions"."status" in ('Approved', 'PaymentDue') and not "transactions"."is_paid";--> statement-breakpoint
CREATE INDEX "transactions_approved_at_idx" ON "transactions" USING btree ("approved_at","status","amount","created_by","created_at");