CREATE TABLE "answer_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answer_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "answer_changes_folded" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "answer_changes_folded_one_row" CHECK ("answer_changes_folded"."only")
);
--> statement-breakpoint
-- Hand-added: the count starts at zero, and every transaction that changes a table a kept answer
-- may read adds one row (routes/kept-answers.ts). The tables left out are never read by a kept answer:
-- the signing-in and its factors, the audit trail, notifications, uploads' grants, HR, and the
-- search's own kept summaries (written while a list is read). A later table gets the trigger too
-- (server/db/kept-answers.api.test.ts names every table that has not).
INSERT INTO "answer_changes_folded" DEFAULT VALUES;--> statement-breakpoint
-- One row per writing transaction, however many statements it runs (a bulk insert's row triggers
-- run a statement per row on the search tables): the flag is the transaction's own, set back at its
-- end, and by a rolled-back savepoint together with the row it inserted.
CREATE FUNCTION answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('bms.answers_changed', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('bms.answers_changed', 'on', true);
  INSERT INTO answer_changes DEFAULT VALUES;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- ALWAYS: a change replicated or restored with triggers set aside still counts.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'approval_rules',
    'approvals',
    'attachments',
    'budgets',
    'categories',
    'delegations',
    'emergency_approver_pins',
    'emergency_links',
    'export_batches',
    'export_items',
    'parties',
    'settings',
    'transaction_daily_totals',
    'transaction_day_changes',
    'transaction_search',
    'transactions',
    'users'
  ] LOOP
    EXECUTE format('CREATE TRIGGER answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION answers_changed()', t);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER answers_changed', t);
  END LOOP;
END
$$;
