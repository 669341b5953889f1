CREATE TABLE "request_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"client" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_hits_key_idx" ON "request_hits" USING btree ("scope","client","at");