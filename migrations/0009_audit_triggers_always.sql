-- DECISIONS §10: the audit trail's guards fire whatever the session's session_replication_role.
-- A superuser session may set it to replica (the importer does, for the punches' foreign-key
-- triggers, on the embedded database); ordinary triggers then stay silent, ENABLE ALWAYS ones do not.
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_no_truncate";
