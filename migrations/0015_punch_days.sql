CREATE TABLE "punch_days" (
	"employee_id" uuid NOT NULL,
	"punch_date" date NOT NULL,
	"punch_times" time[] NOT NULL,
	"punch_types" "punch_type"[] NOT NULL,
	CONSTRAINT "punch_days_employee_id_punch_date_pk" PRIMARY KEY("employee_id","punch_date"),
	CONSTRAINT "punch_days_pairs" CHECK (cardinality("punch_days"."punch_times") = cardinality("punch_days"."punch_types") and cardinality("punch_days"."punch_times") > 0)
);
--> statement-breakpoint
ALTER TABLE "punch_days" ADD CONSTRAINT "punch_days_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "punch_days_date_idx" ON "punch_days" USING btree ("punch_date");