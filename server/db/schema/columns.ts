// The column kinds every area uses: money is numeric(14,2), read as a string and never a float;
// an instant is a timestamptz read as a Date.
import { numeric, timestamp } from "drizzle-orm/pg-core";

export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => instant("created_at").notNull().defaultNow();
export const updatedAt = () => instant("updated_at").notNull().defaultNow();
