import { jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { users } from "./users";

// Small named settings: 'lockdown' {enabled, activatedAt, activatedBy}, 'emergency_approvers' [codes],
// 'company' {legalName, gstin, stateCode} (DECISIONS §12; services/company.ts reads and writes it),
// 'security' {requireSecondFactor: [roles]} (DECISIONS §13).
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id),
  updatedAt: updatedAt(),
});
