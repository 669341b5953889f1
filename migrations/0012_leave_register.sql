CREATE TABLE "leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	CONSTRAINT "leaves_type" CHECK ("leaves"."type" in ('PL', 'LWP')),
	CONSTRAINT "leaves_range" CHECK ("leaves"."to_date" >= "leaves"."from_date"),
	CONSTRAINT "leaves_half_day_one_day" CHECK (not "leaves"."half_day" or "leaves"."from_date" = "leaves"."to_date")
);
--> statement-breakpoint
ALTER TABLE "attendance_policy" ADD COLUMN "paid_leave_days_per_year" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaves_employee_dates_idx" ON "leaves" USING btree ("employee_id","from_date") WHERE "leaves"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "leaves_dates_idx" ON "leaves" USING btree ("from_date","to_date") WHERE "leaves"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "leaves_created_by_idx" ON "leaves" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "leaves_cancelled_by_idx" ON "leaves" USING btree ("cancelled_by");