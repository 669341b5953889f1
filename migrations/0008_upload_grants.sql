CREATE TABLE "upload_grants" (
	"object_path" text PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"issued_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_grants" ADD CONSTRAINT "upload_grants_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_grants" ADD CONSTRAINT "upload_grants_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_grants_transaction_idx" ON "upload_grants" USING btree ("transaction_id","expires_at");--> statement-breakpoint
CREATE INDEX "upload_grants_issued_by_idx" ON "upload_grants" USING btree ("issued_by");