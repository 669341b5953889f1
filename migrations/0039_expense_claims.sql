ALTER TABLE "export_items" ADD COLUMN "claimant_name" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "open_to_claims" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "claimant_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "claimant_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_claimant_employee_id_employees_id_fk" FOREIGN KEY ("claimant_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_claimant_idx" ON "transactions" USING btree ("claimant_employee_id") WHERE "transactions"."claimant_employee_id" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_claimant_named" CHECK (("transactions"."claimant_employee_id" is null) = ("transactions"."claimant_name" is null));