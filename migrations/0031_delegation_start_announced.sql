ALTER TABLE "delegations" ADD COLUMN "start_announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "delegations_unannounced_idx" ON "delegations" USING btree ("from_date") WHERE "delegations"."start_announced_at" is null and "delegations"."ended_at" is null;--> statement-breakpoint
-- Hand-added: delegations that have begun were announced when they were recorded; only those still
-- to begin wait for their first day's announcement.
UPDATE "delegations" SET "start_announced_at" = "created_at" WHERE "from_date" <= current_date;
