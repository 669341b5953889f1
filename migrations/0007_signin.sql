CREATE TABLE "emergency_approver_pins" (
	"code" text PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_pin_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"ip_address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_username_lower_key";--> statement-breakpoint
ALTER TABLE "emergency_links" ADD COLUMN "round" integer;--> statement-breakpoint
ALTER TABLE "emergency_links" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "emergency_approver_pins" ADD CONSTRAINT "emergency_approver_pins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_pin_failures_code_idx" ON "emergency_pin_failures" USING btree ("code","at");--> statement-breakpoint
CREATE INDEX "emergency_links_unused_by_issuer_idx" ON "emergency_links" USING btree ("created_by") WHERE "emergency_links"."used_at" is null and "emergency_links"."voided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_key" ON "users" USING btree ("username_key");--> statement-breakpoint
-- custom: signin
-- Every new or changed user row carries its username key (written by the app: NFKC, then
-- JavaScript's toLowerCase). NOT VALID: rows older than the column are filled by the app right
-- after the migrations (server/db/migrate.ts), never by SQL lower().
ALTER TABLE "users" ADD CONSTRAINT "users_username_key_present" CHECK ("username_key" IS NOT NULL) NOT VALID;--> statement-breakpoint
-- An emergency link decides only the transaction as it was sent (DECISIONS §10): once the
-- transaction leaves Pending, or a new approval round opens, its unused links are void, whatever
-- path made the change. (Edits and attachments are checked when a link is used, against the
-- fingerprint the link keeps; so is the issuer's right to issue.)
CREATE FUNCTION "emergency_links_void"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "emergency_links" SET "voided_at" = now()
  WHERE "transaction_id" = NEW."id" AND "used_at" IS NULL AND "voided_at" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_void_emergency_links"
  AFTER UPDATE OF "status", "approval_round" ON "transactions" FOR EACH ROW
  WHEN (OLD."status" = 'Pending' AND (NEW."status" <> 'Pending' OR NEW."approval_round" <> OLD."approval_round"))
  EXECUTE FUNCTION "emergency_links_void"();--> statement-breakpoint
-- The same when the user who issued them is disabled, deleted or given another role: whatever the
-- path, and for good (enabling the user again does not bring the links back).
CREATE FUNCTION "emergency_links_void_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "emergency_links" SET "voided_at" = now()
  WHERE "created_by" = NEW."id" AND "used_at" IS NULL AND "voided_at" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_void_emergency_links"
  AFTER UPDATE OF "is_active", "deleted_at", "role" ON "users" FOR EACH ROW
  WHEN ((OLD."is_active" AND NOT NEW."is_active") OR (OLD."deleted_at" IS NULL AND NEW."deleted_at" IS NOT NULL) OR OLD."role" <> NEW."role")
  EXECUTE FUNCTION "emergency_links_void_issued"();--> statement-breakpoint
-- Links issued before links carried their transaction's round and fingerprint cannot be checked: void.
UPDATE "emergency_links" SET "voided_at" = now() WHERE "fingerprint" IS NULL AND "used_at" IS NULL AND "voided_at" IS NULL;
