// Name mappings (DECISIONS §8): a spelling used by the punch machine that names an employee whose
// record is spelled otherwise. The key is computed in JS by nameKey, the same function the import
// applies to every punch name and employee name.
import { asc, eq } from "drizzle-orm";
import { employees, nameMappings } from "../../db/schema";
import type { NameMapping, NameMappingInput } from "../../../shared/schemas/hr";
import { DomainError, conflict, notFound } from "../errors";
import { writeAudit } from "../audit";
import { nameKey } from "./import/punch-csv";
import { isUniqueViolation } from "../../db/errors";
import { type ActingContext, type ServiceContext } from "../context";

const columns = {
  id: nameMappings.id,
  csvName: nameMappings.csvName,
  employeeId: nameMappings.employeeId,
  employeeName: employees.employeeName,
  createdAt: nameMappings.createdAt,
};

const present = (r: { id: string; csvName: string; employeeId: string; employeeName: string; createdAt: Date }): NameMapping => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function listNameMappings(ctx: ServiceContext): Promise<NameMapping[]> {
  const { db } = ctx;
  const found = await db.select(columns).from(nameMappings).innerJoin(employees, eq(employees.id, nameMappings.employeeId)).orderBy(asc(nameMappings.csvName));
  return found.map(present);
}

export async function createNameMapping(ctx: ActingContext, input: NameMappingInput): Promise<NameMapping> {
  const { db, actor, ip: ipAddress } = ctx;
  const key = nameKey(input.csvName);
  try {
    return await db.transaction(async (tx) => {
      const [employee] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, input.employeeId));
      if (!employee)
        throw new DomainError("invalid", "Employee not found", { code: "invalid_input", issues: [{ path: "employeeId", message: "Employee not found" }] });
      const [row] = await tx
        .insert(nameMappings)
        .values({ csvName: input.csvName, nameKey: key, employeeId: input.employeeId, createdBy: actor.id })
        .returning({ id: nameMappings.id });
      const [mapping] = await tx
        .select(columns)
        .from(nameMappings)
        .innerJoin(employees, eq(employees.id, nameMappings.employeeId))
        .where(eq(nameMappings.id, row.id));
      const answer = present(mapping);
      await writeAudit(tx, ctx, { action: "create", entityType: "name_mapping", entityId: row.id, actor, after: answer, ipAddress });
      return answer;
    });
  } catch (err) {
    if (isUniqueViolation(err, "name_mappings_name_key_key"))
      throw conflict(`A mapping for the name "${input.csvName}" already exists`, "duplicate_name_mapping");
    throw err;
  }
}

export async function deleteNameMapping(ctx: ActingContext, id: string): Promise<void> {
  const { db, actor, ip: ipAddress } = ctx;
  await db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(nameMappings).innerJoin(employees, eq(employees.id, nameMappings.employeeId)).where(eq(nameMappings.id, id));
    if (!before) throw notFound("Name mapping not found");
    await tx.delete(nameMappings).where(eq(nameMappings.id, id));
    await writeAudit(tx, ctx, { action: "delete", entityType: "name_mapping", entityId: id, actor, before: present(before), ipAddress });
  });
}
