CREATE TABLE "delegations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delegator_id" uuid NOT NULL,
	"delegate_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	"end_reason" text,
	CONSTRAINT "delegations_not_to_self" CHECK ("delegations"."delegator_id" <> "delegations"."delegate_id"),
	CONSTRAINT "delegations_dates_in_order" CHECK ("delegations"."from_date" <= "delegations"."to_date")
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "on_behalf_of" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_delegator_id_users_id_fk" FOREIGN KEY ("delegator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegations_delegator_idx" ON "delegations" USING btree ("delegator_id","from_date");--> statement-breakpoint
CREATE INDEX "delegations_delegate_idx" ON "delegations" USING btree ("delegate_id","from_date");--> statement-breakpoint
CREATE INDEX "delegations_created_by_idx" ON "delegations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "delegations_ended_by_idx" ON "delegations" USING btree ("ended_by");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_on_behalf_of_idx" ON "approvals" USING btree ("on_behalf_of");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_one_on_behalf_per_round" UNIQUE("transaction_id","on_behalf_of","round");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approval_limit_non_negative" CHECK ("users"."approval_limit" is null or "users"."approval_limit" >= 0);