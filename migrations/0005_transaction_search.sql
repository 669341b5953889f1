CREATE TABLE "transaction_search" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"status" "transaction_status" NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"category_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "transaction_search" ADD CONSTRAINT "transaction_search_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_search_trgm_idx" ON "transaction_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transaction_search_created_at_idx" ON "transaction_search" USING btree ("created_at" DESC NULLS LAST,"transaction_id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "transactions" DROP COLUMN "search_text";--> statement-breakpoint
-- Hand-written: transaction_search follows every insert and every change of the columns it copies,
-- inside the same statement (schema.ts transactionSearch). Deletes cascade by the foreign key.
CREATE FUNCTION "transaction_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "transaction_search" ("transaction_id", "search_text", "status", "amount", "category_id", "created_by", "created_at")
  VALUES (NEW."id", lower(NEW."human_readable_id" || chr(31) || NEW."description"), NEW."status", NEW."amount", NEW."category_id", NEW."created_by", NEW."created_at")
  ON CONFLICT ("transaction_id") DO UPDATE SET
    "search_text" = EXCLUDED."search_text", "status" = EXCLUDED."status", "amount" = EXCLUDED."amount",
    "category_id" = EXCLUDED."category_id", "created_by" = EXCLUDED."created_by", "created_at" = EXCLUDED."created_at";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_search_sync"
  AFTER INSERT OR UPDATE OF "human_readable_id", "description", "status", "amount", "category_id", "created_by", "created_at"
  ON "transactions" FOR EACH ROW EXECUTE FUNCTION "transaction_search_sync"();--> statement-breakpoint
INSERT INTO "transaction_search" ("transaction_id", "search_text", "status", "amount", "category_id", "created_by", "created_at")
SELECT "id", lower("human_readable_id" || chr(31) || "description"), "status", "amount", "category_id", "created_by", "created_at" FROM "transactions";
