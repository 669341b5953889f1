CREATE TYPE "public"."export_format" AS ENUM('tally', 'csv');--> statement-breakpoint
CREATE TABLE "export_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"format" "export_format" NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"item_count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"company_name" text NOT NULL,
	"ledgers" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	CONSTRAINT "export_batches_number_key" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "export_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"human_readable_id" text NOT NULL,
	"form_type" "form_type" NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"transaction_date" date NOT NULL,
	"paid_date" date NOT NULL,
	"payment_method" text,
	"category_id" uuid NOT NULL,
	"category_name" text NOT NULL,
	"description" text NOT NULL,
	"party_name" text,
	"party_gstin" text,
	"gst" jsonb
);
--> statement-breakpoint
ALTER TABLE "export_batches" ADD CONSTRAINT "export_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_batches" ADD CONSTRAINT "export_batches_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_items" ADD CONSTRAINT "export_items_batch_id_export_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."export_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_batches_created_at_idx" ON "export_batches" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "export_batches_created_by_idx" ON "export_batches" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "export_batches_voided_by_idx" ON "export_batches" USING btree ("voided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "export_items_live_transaction_key" ON "export_items" USING btree ("transaction_id") WHERE "export_items"."live";--> statement-breakpoint
CREATE INDEX "export_items_batch_order_idx" ON "export_items" USING btree ("batch_id","paid_date","human_readable_id");--> statement-breakpoint
CREATE INDEX "export_items_transaction_idx" ON "export_items" USING btree ("transaction_id");