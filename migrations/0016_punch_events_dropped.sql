-- Hand-written: the punches stored one per row move to one row per employee and day (schema.ts
-- punchDays), each day's (time, type) pairs sorted by time then type, as the importer keeps them.
INSERT INTO "punch_days" ("employee_id", "punch_date", "punch_times", "punch_types")
SELECT "employee_id", "punch_date",
       array_agg("punch_time" ORDER BY "punch_time", "event_type"),
       array_agg("event_type" ORDER BY "punch_time", "event_type")
FROM "punch_events"
GROUP BY "employee_id", "punch_date";--> statement-breakpoint
DROP TABLE "punch_events" CASCADE;
