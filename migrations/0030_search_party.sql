-- Hand-written: a transaction's search text also holds its party's name and GSTIN (DECISIONS §12, as
-- the parties' own search matches them), so a search for a vendor finds its bills through the
-- trigram index the list already uses. Each field stays apart after the unit separator (0005), so a
-- search never matches across two of them. One function writes the text for every writer below.
CREATE FUNCTION "transaction_search_text"(p_human_readable_id text, p_description text, p_party_name text, p_party_gstin text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(p_human_readable_id || chr(31) || p_description || coalesce(chr(31) || p_party_name, '') || coalesce(chr(31) || p_party_gstin, ''));
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transaction_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  party_name text;
  party_gstin text;
BEGIN
  IF NEW."party_id" IS NOT NULL THEN
    SELECT p."name", p."gstin" INTO party_name, party_gstin FROM "parties" p WHERE p."id" = NEW."party_id";
  END IF;
  INSERT INTO "transaction_search" ("transaction_id", "search_text", "status", "amount", "category_id", "created_by", "created_at")
  VALUES (NEW."id", "transaction_search_text"(NEW."human_readable_id", NEW."description", party_name, party_gstin),
          NEW."status", NEW."amount", NEW."category_id", NEW."created_by", NEW."created_at")
  ON CONFLICT ("transaction_id") DO UPDATE SET
    "search_text" = EXCLUDED."search_text", "status" = EXCLUDED."status", "amount" = EXCLUDED."amount",
    "category_id" = EXCLUDED."category_id", "created_by" = EXCLUDED."created_by", "created_at" = EXCLUDED."created_at";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "transactions_search_sync" ON "transactions";--> statement-breakpoint
CREATE TRIGGER "transactions_search_sync"
  AFTER INSERT OR UPDATE OF "human_readable_id", "description", "party_id", "status", "amount", "category_id", "created_by", "created_at"
  ON "transactions" FOR EACH ROW EXECUTE FUNCTION "transaction_search_sync"();--> statement-breakpoint
-- A party renamed (or given another GSTIN): the search text of every transaction naming it, in one
-- statement of the rename's own (found through transactions_party_idx). The rows it changes raise
-- their days' versions (0019), so no summary kept under the old name is taken for current.
CREATE FUNCTION "parties_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transaction_search" s
     SET "search_text" = "transaction_search_text"(t."human_readable_id", t."description", NEW."name", NEW."gstin")
    FROM "transactions" t
   WHERE t."party_id" = NEW."id" AND s."transaction_id" = t."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "parties_search_sync"
  AFTER UPDATE OF "name", "gstin" ON "parties" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."gstin" IS DISTINCT FROM NEW."gstin")
  EXECUTE FUNCTION "parties_search_sync"();--> statement-breakpoint
UPDATE "transaction_search" s
   SET "search_text" = "transaction_search_text"(t."human_readable_id", t."description", p."name", p."gstin")
  FROM "transactions" t JOIN "parties" p ON p."id" = t."party_id"
 WHERE s."transaction_id" = t."id";
