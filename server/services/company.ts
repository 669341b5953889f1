// The company whose books these are (DECISIONS §12): its legal name, GSTIN and state, kept as the
// setting 'company'. The state decides whether a bill's GST is CGST and SGST or IGST, and the
// legal name is the company a TallyPrime import file names.
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { settings } from "../db/schema";
import type { Company, CompanyBody } from "../../shared/schemas/parties";
import { writeAudit } from "./audit";
import type { ActingContext, ServiceContext } from "./context";

const UNSET: Company = { legalName: "", gstin: null, stateCode: null };

export async function getCompany(q: Queryable): Promise<Company> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, "company"));
  const value = row?.value as Partial<Company> | undefined;
  return value ? { legalName: value.legalName ?? "", gstin: value.gstin ?? null, stateCode: value.stateCode ?? null } : UNSET;
}

/** GET /api/admin/company */
export function companySettings(ctx: Pick<ServiceContext, "db">): Promise<Company> {
  return getCompany(ctx.db);
}

/** PUT /api/admin/company: the body is already resolved (the state code is the GSTIN's). */
export async function setCompany(ctx: ActingContext, body: CompanyBody): Promise<Company> {
  const { db, actor, ip } = ctx;
  return db.transaction(async (tx) => {
    // Two saves at once apply one after the other, each audited against what it replaced.
    await tx.execute(sql`select 1 from settings where key = 'company' for update`);
    const before = await getCompany(tx);
    const after: Company = { legalName: body.legalName, gstin: body.gstin, stateCode: body.stateCode };
    await tx
      .insert(settings)
      .values({ key: "company", value: after, updatedBy: actor.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedBy: actor.id, updatedAt: sql`now()` } });
    await writeAudit(tx, ctx, { action: "update", entityType: "setting", entityId: "company", actor, before, after, ipAddress: ip });
    return after;
  });
}
