ALTER TYPE "public"."role" ADD VALUE 'Employee';--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"leave_id" uuid,
	"status" text DEFAULT 'Pending' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	CONSTRAINT "leave_requests_type" CHECK ("leave_requests"."type" in ('PL', 'LWP')),
	CONSTRAINT "leave_requests_status" CHECK ("leave_requests"."status" in ('Pending', 'Approved', 'Rejected', 'Withdrawn')),
	CONSTRAINT "leave_requests_range" CHECK ("leave_requests"."to_date" >= "leave_requests"."from_date"),
	CONSTRAINT "leave_requests_half_day_one_day" CHECK (not "leave_requests"."half_day" or "leave_requests"."from_date" = "leave_requests"."to_date")
);
--> statement-breakpoint
CREATE TABLE "regularisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"punch_in" time,
	"punch_out" time,
	"status" text DEFAULT 'Pending' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	CONSTRAINT "regularisations_status" CHECK ("regularisations"."status" in ('Pending', 'Approved', 'Rejected', 'Withdrawn')),
	CONSTRAINT "regularisations_a_time" CHECK ("regularisations"."punch_in" is not null or "regularisations"."punch_out" is not null)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employee_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_leave_id_leaves_id_fk" FOREIGN KEY ("leave_id") REFERENCES "public"."leaves"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularisations" ADD CONSTRAINT "regularisations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularisations" ADD CONSTRAINT "regularisations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularisations" ADD CONSTRAINT "regularisations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_requests_employee_idx" ON "leave_requests" USING btree ("employee_id","status");--> statement-breakpoint
CREATE INDEX "leave_requests_status_idx" ON "leave_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leave_requests_requested_by_idx" ON "leave_requests" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "leave_requests_decided_by_idx" ON "leave_requests" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "leave_requests_leave_idx" ON "leave_requests" USING btree ("leave_id");--> statement-breakpoint
CREATE INDEX "regularisations_employee_idx" ON "regularisations" USING btree ("employee_id","status");--> statement-breakpoint
CREATE INDEX "regularisations_status_idx" ON "regularisations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "regularisations_requested_by_idx" ON "regularisations" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "regularisations_decided_by_idx" ON "regularisations" USING btree ("decided_by");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_employee_id_key" ON "users" USING btree ("employee_id");