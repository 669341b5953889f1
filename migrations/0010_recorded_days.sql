ALTER TYPE "public"."day_status" ADD VALUE 'Not recorded';--> statement-breakpoint
ALTER TABLE "attendance_imports" ADD COLUMN "covered_through" date;--> statement-breakpoint
-- custom: recorded days
-- DECISIONS §8 "Only recorded days are judged". Imports made before recorded ranges existed get
-- the range the rule would have given them (APP_TIMEZONE taken as its default, Asia/Kolkata):
-- the whole month when the month had ended before the upload, else through the newest punch of
-- that month stored by then, never past the day before the upload.
UPDATE "attendance_imports" AS i SET "covered_through" = c.through
FROM (
  SELECT x.id,
    CASE
      WHEN x.month_end < x.upload_day THEN x.month_end
      WHEN x.newest IS NULL THEN NULL
      ELSE least(x.newest, x.upload_day - 1)
    END AS through,
    x.month_start
  FROM (
    SELECT i2.id,
      to_date(i2.month, 'YYYY-MM') AS month_start,
      (to_date(i2.month, 'YYYY-MM') + interval '1 month' - interval '1 day')::date AS month_end,
      (i2.created_at AT TIME ZONE 'Asia/Kolkata')::date AS upload_day,
      (SELECT max(p.punch_date) FROM "punch_events" p JOIN "attendance_imports" i3 ON i3.id = p.import_id
        WHERE i3.created_at <= i2.created_at
          AND p.punch_date BETWEEN to_date(i2.month, 'YYYY-MM') AND (to_date(i2.month, 'YYYY-MM') + interval '1 month' - interval '1 day')::date) AS newest
    FROM "attendance_imports" i2
    WHERE i2.month ~ '^\d{4}-(0[1-9]|1[0-2])$'
  ) x
) c
WHERE c.id = i.id AND c.through IS NOT NULL AND c.through >= c.month_start;
--> statement-breakpoint
-- Computed days that are not recorded (not over, or no import covers them) were judged before
-- (Absent, Pending Review …) and may cost a deduction: they go. The new status cannot be written
-- in the transaction that adds it, so a not-recorded day with punches comes back as `Not recorded`
-- at the next import of its month; hand-edited days stay.
DELETE FROM "attendance_days" AS d
WHERE NOT d.is_manual
  AND NOT (
    d.date < (now() AT TIME ZONE 'Asia/Kolkata')::date
    AND d.date <= coalesce((SELECT max(i.covered_through) FROM "attendance_imports" i WHERE i.month = to_char(d.date, 'YYYY-MM')), '-infinity'::date)
  );
