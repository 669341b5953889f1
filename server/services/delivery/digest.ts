// The approvers' daily digest (DECISIONS §14): at 09:00 in APP_TIMEZONE, one email to each approver
// who takes pending approvals as a digest (the default), listing what waits for them, oldest first,
// with amounts and ages. One per person and day, whichever process queues it (a unique key).
import { and, asc, eq, isNotNull, isNull, ne, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { approvals, categories, notificationPreferences, transactions, users } from "../../db/schema";
import { APPROVER_ROLES } from "../../../shared/constants";
import { formatRupees } from "../../../shared/format";
import { paiseToString, toPaise } from "../../../shared/money";
import { deepLinks } from "../../../shared/deep-links";
import { visibleTo } from "../transactions/visibility";
import type { ServiceContext } from "../context";
import type { ReachMessage } from "../reach/kinds";
import { queueOne } from "../reach/outbox";

export const DIGEST_TIME = "09:00";
/** The most a digest lists; it says how many more wait. */
const DIGEST_ITEMS = 50;

const ageText = (since: Date, now: Date) => {
  const hours = Math.floor((now.getTime() - since.getTime()) / 3_600_000);
  if (hours < 1) return "waiting under an hour";
  if (hours < 48) return `waiting ${hours} hour${hours === 1 ? "" : "s"}`;
  return `waiting ${Math.floor(hours / 24)} days`;
};

/** Queues today's digest of every approver who takes one and has something waiting. Answers how many. */
export async function queueDailyDigests(ctx: ServiceContext, today: string): Promise<number> {
  const now = ctx.clock();
  const people = await ctx.db
    .select({ id: users.id, role: users.role, visibilityWindowDays: users.visibilityWindowDays, email: users.email })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        isNull(users.deletedAt),
        isNotNull(users.email),
        sql`${users.role} in (${sql.join(
          APPROVER_ROLES.map((r) => sql`${r}`),
          sql`, `,
        )})`,
        or(isNull(notificationPreferences.userId), eq(notificationPreferences.emailPending, "digest")),
      ),
    );
  let queued = 0;
  const creator = alias(users, "creator");
  for (const person of people) {
    const waiting = await ctx.db
      .select({
        id: transactions.id,
        humanReadableId: transactions.humanReadableId,
        amount: transactions.amount,
        category: categories.name,
        creatorName: creator.name,
        submittedAt: transactions.submittedAt,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .innerJoin(categories, eq(categories.id, transactions.categoryId))
      .innerJoin(creator, eq(creator.id, transactions.createdBy))
      .where(
        and(
          eq(transactions.status, "Pending"),
          ne(transactions.createdBy, person.id),
          visibleTo(person, now),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(approvals)
              .where(
                and(
                  eq(approvals.transactionId, transactions.id),
                  eq(approvals.round, transactions.approvalRound),
                  or(eq(approvals.approverId, person.id), eq(approvals.onBehalfOf, person.id)),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(transactions.submittedAt), asc(transactions.createdAt))
      .limit(DIGEST_ITEMS + 1);
    if (waiting.length === 0) continue;
    const shown = waiting.slice(0, DIGEST_ITEMS);
    const total = shown.reduce((sum, t) => sum + toPaise(t.amount), 0n);
    const count = `${waiting.length > DIGEST_ITEMS ? `${DIGEST_ITEMS}+` : waiting.length} transaction${waiting.length === 1 ? "" : "s"}`;
    const message: ReachMessage & { items: { line: string; url: string }[] } = {
      title: "Approvals waiting",
      body: `${count} wait for your approval, ${formatRupees(paiseToString(total))} in all, oldest first.`,
      url: "/pending-approvals",
      tag: `digest-${today}`,
      priority: false,
      urgent: false,
      headline: `${count} ${formatRupees(paiseToString(total))}`,
      items: shown.map((t) => ({
        line: `${t.humanReadableId} · ${t.category} · ${formatRupees(t.amount)} · from ${t.creatorName} · ${ageText(t.submittedAt ?? t.createdAt, now)}`,
        url: deepLinks.review(t.id),
      })),
    };
    if (await queueOne(ctx.db, { channel: "email", kind: "digest", userId: person.id, sentTo: person.email, message, digestDay: today, at: now })) queued++;
  }
  if (queued > 0) await ctx.bus.publish({ type: "outbox-queued" });
  return queued;
}
