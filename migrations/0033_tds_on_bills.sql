CREATE TABLE "tds_natures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"legacy_section" text NOT NULL,
	"act_reference" text NOT NULL,
	"payment_code" text,
	"rate_individual" numeric(5, 2) NOT NULL,
	"rate_other" numeric(5, 2) NOT NULL,
	"no_pan_rate" numeric(5, 2) DEFAULT '20' NOT NULL,
	"single_threshold" numeric(14, 2),
	"yearly_threshold" numeric(14, 2),
	"monthly_threshold" numeric(14, 2),
	"only_above_threshold" boolean DEFAULT false NOT NULL,
	"ledger_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tds_natures_rates_range" CHECK ("tds_natures"."rate_individual" > 0 and "tds_natures"."rate_individual" <= 100 and "tds_natures"."rate_other" > 0 and "tds_natures"."rate_other" <= 100 and "tds_natures"."no_pan_rate" > 0 and "tds_natures"."no_pan_rate" <= 100),
	CONSTRAINT "tds_natures_only_above_needs_yearly" CHECK (not "tds_natures"."only_above_threshold" or "tds_natures"."yearly_threshold" is not null)
);
--> statement-breakpoint
ALTER TABLE "export_items" ADD COLUMN "tds" jsonb;--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "tds_nature_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tds" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "tds_natures_name_lower_key" ON "tds_natures" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_tds_nature_id_tds_natures_id_fk" FOREIGN KEY ("tds_nature_id") REFERENCES "public"."tds_natures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parties_tds_nature_idx" ON "parties" USING btree ("tds_nature_id");--> statement-breakpoint
CREATE INDEX "transactions_tds_party_idx" ON "transactions" USING btree ("party_id",(("tds" ->> 'natureId'))) WHERE "transactions"."tds" is not null;--> statement-breakpoint
-- Hand-added: the TDS natures of vendor bills (DECISIONS §12), with their section in the 1961 Act,
-- their place in the Table of section 393(1) of the Income-tax Act, 2025, the rates by PAN (percent),
-- the thresholds and a TDS ledger each. Payment codes are left for the company's accountant, and so
-- is the Table's serial number for purchase of goods, which stays inactive until the accountant turns
-- it on (it binds only buyers with a turnover above ₹10 crore). Without a PAN, 194Q asks 5 %.
INSERT INTO "tds_natures" ("name", "legacy_section", "act_reference", "rate_individual", "rate_other", "no_pan_rate", "single_threshold", "yearly_threshold", "monthly_threshold", "only_above_threshold", "ledger_name", "is_active") VALUES
  ('Contractors', '194C', '393(1) Table Sl. 6(i)', 1, 2, 20, 30000, 100000, NULL, false, 'TDS on Contractors 194C', true),
  ('Professional fees', '194J', '393(1) Table Sl. 6(iii)', 10, 10, 20, NULL, 50000, NULL, false, 'TDS on Professional Fees 194J', true),
  ('Technical services', '194J', '393(1) Table Sl. 6(iii)', 2, 2, 20, NULL, 50000, NULL, false, 'TDS on Technical Services 194J', true),
  ('Commission or brokerage', '194H', '393(1) Table Sl. 1(ii)', 2, 2, 20, NULL, 20000, NULL, false, 'TDS on Commission 194H', true),
  ('Rent of land or building', '194-I(b)', '393(1) Table Sl. 2(ii)', 10, 10, 20, NULL, NULL, 50000, false, 'TDS on Rent 194-I(b)', true),
  ('Rent of plant or machinery', '194-I(a)', '393(1) Table Sl. 2(ii)', 2, 2, 20, NULL, NULL, 50000, false, 'TDS on Rent of Machinery 194-I(a)', true),
  ('Purchase of goods', '194Q', '393(1) Table', 0.1, 0.1, 5, NULL, 5000000, NULL, true, 'TDS on Purchase of Goods 194Q', false);
