CREATE TABLE "transaction_day_changes" (
	"day" date NOT NULL,
	"created_by" uuid NOT NULL,
	"changes" bigint NOT NULL,
	CONSTRAINT "transaction_day_changes_day_created_by_pk" PRIMARY KEY("day","created_by")
);
--> statement-breakpoint
CREATE TABLE "transaction_search_summaries" (
	"filters" text NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"count" integer NOT NULL,
	"approved_count" integer NOT NULL,
	"pending_count" integer NOT NULL,
	"approved_amount" numeric(16, 2) NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_search_summaries_filters_scope_day_pk" PRIMARY KEY("filters","scope","day")
);
--> statement-breakpoint
CREATE INDEX "transaction_day_changes_created_by_idx" ON "transaction_day_changes" USING btree ("created_by","day");--> statement-breakpoint
CREATE INDEX "transaction_search_summaries_computed_at_idx" ON "transaction_search_summaries" USING btree ("computed_at");--> statement-breakpoint
-- Hand-written: transaction_day_changes follows transaction_search (kept by the trigger of 0005) in
-- the same statement, as transaction_daily_totals does (0014). Any change a search could see (its
-- text, status, amount, category, creator or day) raises the counter of the (day, creator) it left
-- and of the one it reached, taken in a fixed order so two moves at once cannot deadlock.
CREATE FUNCTION "transaction_day_changes_bump"(p_day date, p_created_by uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "transaction_day_changes" AS c ("day", "created_by", "changes") VALUES (p_day, p_created_by, 1)
  ON CONFLICT ("day", "created_by") DO UPDATE SET "changes" = c."changes" + 1;
$$;--> statement-breakpoint
CREATE FUNCTION "transaction_day_changes_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "transaction_day_changes_bump"((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."created_by");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "transaction_day_changes_bump"((OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."created_by");
  ELSIF (OLD."search_text", OLD."status", OLD."amount", OLD."category_id", OLD."created_by", OLD."created_at")
        IS DISTINCT FROM (NEW."search_text", NEW."status", NEW."amount", NEW."category_id", NEW."created_by", NEW."created_at") THEN
    old_day := (OLD."created_at" AT TIME ZONE 'UTC')::date;
    new_day := (NEW."created_at" AT TIME ZONE 'UTC')::date;
    IF (old_day, OLD."created_by") = (new_day, NEW."created_by") THEN
      PERFORM "transaction_day_changes_bump"(new_day, NEW."created_by");
    ELSIF (old_day, OLD."created_by") < (new_day, NEW."created_by") THEN
      PERFORM "transaction_day_changes_bump"(old_day, OLD."created_by");
      PERFORM "transaction_day_changes_bump"(new_day, NEW."created_by");
    ELSE
      PERFORM "transaction_day_changes_bump"(new_day, NEW."created_by");
      PERFORM "transaction_day_changes_bump"(old_day, OLD."created_by");
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transaction_search_day_changes"
  AFTER INSERT OR UPDATE OR DELETE ON "transaction_search"
  FOR EACH ROW EXECUTE FUNCTION "transaction_day_changes_sync"();--> statement-breakpoint
INSERT INTO "transaction_day_changes" ("day", "created_by", "changes")
SELECT "created_day", "created_by", count(*) FROM "transaction_search" GROUP BY 1, 2;
