// Notifications a user sees in the bell menu.
import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { transactions } from "./finance";
import { users } from "./users";

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    isPriority: boolean("is_priority").notNull().default(false),
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    humanReadableId: text("human_readable_id"),
    category: text("category"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()), index("notifications_transaction_idx").on(t.transactionId)],
);

export type NotificationRow = typeof notifications.$inferSelect;
