DROP INDEX "parties_gstin_idx";--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "as_super_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "parties_gstin_key" ON "parties" USING btree ("gstin");--> statement-breakpoint
-- Hand-added: what each approval given before this migration counted as, as well as can be told now
-- (DECISIONS §11): its approver, or the delegator it acted for, is a SuperAdmin today. From here on
-- the app records it when the approval is given.
UPDATE "approvals" a SET "as_super_admin" = true
  WHERE a."action" = 'approved'
    AND EXISTS (SELECT 1 FROM "users" u WHERE u."role" = 'SuperAdmin' AND u."id" IN (a."approver_id", a."on_behalf_of"));
