CREATE TABLE "approval_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid,
	"form_type" "form_type",
	"min_amount" numeric(14, 2) NOT NULL,
	"required_approvals" integer NOT NULL,
	"super_admin_required" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_required_approvals_range" CHECK ("approval_rules"."required_approvals" between 1 and 5),
	CONSTRAINT "approval_rules_min_amount_non_negative" CHECK ("approval_rules"."min_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "approval_policy" jsonb;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_name_lower_key" ON "approval_rules" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "approval_rules_category_idx" ON "approval_rules" USING btree ("category_id");