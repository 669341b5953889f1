CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"gstin" text,
	"pan" text,
	"state_code" text,
	"email" text,
	"phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parties_gstin_shape" CHECK ("parties"."gstin" is null or "parties"."gstin" ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'),
	CONSTRAINT "parties_pan_shape" CHECK ("parties"."pan" is null or "parties"."pan" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
	CONSTRAINT "parties_state_code_shape" CHECK ("parties"."state_code" is null or "parties"."state_code" ~ '^[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "party_id" uuid;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parties_name_lower_key" ON "parties" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "parties_gstin_idx" ON "parties" USING btree ("gstin");--> statement-breakpoint
CREATE INDEX "parties_created_by_idx" ON "parties" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "parties_name_trgm_idx" ON "parties" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_party_idx" ON "transactions" USING btree ("party_id");