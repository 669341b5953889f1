// Every Postgres enum of the model, in one place because several areas share them (a transaction's
// form type is also an exported item's); their values come from shared/constants.ts.
import { pgEnum } from "drizzle-orm/pg-core";
import { APPROVAL_ACTIONS, BUDGET_PERIODS, DAY_STATUSES, FORM_TYPES, PUNCH_TYPES, ROLES, TRANSACTION_STATUSES, WEEKDAYS } from "../../../shared/constants";

export const roleEnum = pgEnum("role", ROLES);
export const transactionStatusEnum = pgEnum("transaction_status", TRANSACTION_STATUSES);
export const formTypeEnum = pgEnum("form_type", FORM_TYPES);
export const approvalActionEnum = pgEnum("approval_action", APPROVAL_ACTIONS);
export const budgetPeriodEnum = pgEnum("budget_period", BUDGET_PERIODS);
export const dayStatusEnum = pgEnum("day_status", DAY_STATUSES);
export const weekdayEnum = pgEnum("weekday", WEEKDAYS);
export const punchTypeEnum = pgEnum("punch_type", PUNCH_TYPES);
export const emergencyLinkActionEnum = pgEnum("emergency_link_action", ["approve", "reject"]);
export const exportFormatEnum = pgEnum("export_format", ["tally", "csv"]);
