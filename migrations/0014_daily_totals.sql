CREATE TABLE "transaction_daily_totals" (
	"day" date NOT NULL,
	"created_by" uuid NOT NULL,
	"status" "transaction_status" NOT NULL,
	"count" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "transaction_daily_totals_day_created_by_status_pk" PRIMARY KEY("day","created_by","status")
);
--> statement-breakpoint
CREATE INDEX "transaction_daily_totals_created_by_idx" ON "transaction_daily_totals" USING btree ("created_by","day");--> statement-breakpoint
-- Hand-written: transaction_daily_totals follows transaction_search (itself kept by the trigger of
-- 0005) in the same statement. A row's day is its creation's UTC date. An update that moves a row
-- from one key to another takes the two keys in a fixed order, so two moves at once cannot deadlock.
CREATE FUNCTION "transaction_daily_totals_bump"(p_day date, p_created_by uuid, p_status "transaction_status", p_count integer, p_amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "transaction_daily_totals" AS t ("day", "created_by", "status", "count", "amount")
  VALUES (p_day, p_created_by, p_status, p_count, p_amount)
  ON CONFLICT ("day", "created_by", "status") DO UPDATE SET "count" = t."count" + EXCLUDED."count", "amount" = t."amount" + EXCLUDED."amount";
$$;--> statement-breakpoint
CREATE FUNCTION "transaction_daily_totals_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "transaction_daily_totals_bump"((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."created_by", NEW."status", 1, NEW."amount");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "transaction_daily_totals_bump"((OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."created_by", OLD."status", -1, -OLD."amount");
  ELSIF (OLD."created_at", OLD."created_by", OLD."status", OLD."amount") IS DISTINCT FROM (NEW."created_at", NEW."created_by", NEW."status", NEW."amount") THEN
    old_key := (OLD."created_at" AT TIME ZONE 'UTC')::date || OLD."created_by"::text || OLD."status"::text;
    new_key := (NEW."created_at" AT TIME ZONE 'UTC')::date || NEW."created_by"::text || NEW."status"::text;
    IF old_key <= new_key THEN
      PERFORM "transaction_daily_totals_bump"((OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."created_by", OLD."status", -1, -OLD."amount");
      PERFORM "transaction_daily_totals_bump"((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."created_by", NEW."status", 1, NEW."amount");
    ELSE
      PERFORM "transaction_daily_totals_bump"((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."created_by", NEW."status", 1, NEW."amount");
      PERFORM "transaction_daily_totals_bump"((OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."created_by", OLD."status", -1, -OLD."amount");
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transaction_search_daily_totals"
  AFTER INSERT OR UPDATE OR DELETE ON "transaction_search"
  FOR EACH ROW EXECUTE FUNCTION "transaction_daily_totals_sync"();--> statement-breakpoint
INSERT INTO "transaction_daily_totals" ("day", "created_by", "status", "count", "amount")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "created_by", "status", count(*), sum("amount") FROM "transaction_search" GROUP BY 1, 2, 3;
