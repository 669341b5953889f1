CREATE INDEX "attachments_uploaded_by_idx" ON "attachments" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "attendance_days_edited_by_idx" ON "attendance_days" USING btree ("edited_by") WHERE "attendance_days"."edited_by" is not null;--> statement-breakpoint
CREATE INDEX "attendance_imports_imported_by_idx" ON "attendance_imports" USING btree ("imported_by");--> statement-breakpoint
CREATE INDEX "budgets_category_idx" ON "budgets" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "budgets_created_by_idx" ON "budgets" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "name_mappings_employee_idx" ON "name_mappings" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "name_mappings_created_by_idx" ON "name_mappings" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "notifications_transaction_idx" ON "notifications" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_paid_by_idx" ON "transactions" USING btree ("paid_by");