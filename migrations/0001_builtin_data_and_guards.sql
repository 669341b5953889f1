-- Built-in categories (DECISIONS §4): never deleted; Salary needs 2 approvals.
INSERT INTO "categories" ("name", "description", "required_approvals", "is_builtin") VALUES
  ('Salary', 'Monthly salary payouts to employees', 2, true),
  ('Advance', 'Salary or expense advances to staff', 1, true),
  ('Vendor Payment', 'Payments to suppliers and service providers', 1, true),
  ('Office Expenses', 'Supplies, maintenance and day-to-day office costs', 1, true),
  ('Travel', 'Tickets, hotels, local conveyance and per diem', 1, true),
  ('Utilities', 'Electricity, water, internet and phone bills', 1, true),
  ('Miscellaneous', 'Anything that fits no other category', 1, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The one attendance policy with the DECISIONS §8 defaults.
INSERT INTO "attendance_policy" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "settings" ("key", "value") VALUES
  ('lockdown', '{"enabled": false, "activatedAt": null, "activatedBy": null}'::jsonb),
  ('emergency_approvers', '["AK", "RS", "VM"]'::jsonb)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The audit trail is append-only: the database itself refuses to change or remove an entry.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
