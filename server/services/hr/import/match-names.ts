// The import's matching stage (DECISIONS §8): the employee each row's name stands for. Names match
// employees case- and space-insensitively (punch-csv.ts nameKey), or through a name mapping; the
// names nobody has are tallied for the answer.
import { sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { nameKey } from "./punch-csv";
import { rows } from "../../../db/sql";

type NameTarget = { employeeId: string } | { ambiguous: true };

/** What a row's name comes to: its employee, a problem to report on the row, or nobody (tallied as unmatched). */
export type NameMatch = { employeeId: string } | { error: string } | null;

export class NameMatcher {
  private readonly unmatched = new Map<string, { name: string; rows: number }>();

  private constructor(private readonly index: Map<string, NameTarget>) {}

  /**
   * nameKey → employee: name mappings first, then employee names (an active employee wins over
   * inactive ones of the same name). Every employee a punch can name is locked FOR KEY SHARE, the
   * lock a foreign-key check takes, so none can be deleted while the import runs.
   */
  static async load(tx: Tx): Promise<NameMatcher> {
    const people = await rows<{ id: string; employee_name: string; is_active: boolean }>(
      tx,
      sql`select id, employee_name, is_active from employees for key share`,
    );
    const byKey = new Map<string, { id: string; active: boolean }[]>();
    for (const p of people) {
      const key = nameKey(p.employee_name);
      const list = byKey.get(key) ?? [];
      list.push({ id: p.id, active: p.is_active });
      byKey.set(key, list);
    }
    const index = new Map<string, NameTarget>();
    for (const [key, list] of byKey) {
      const candidates = list.length > 1 && list.some((c) => c.active) ? list.filter((c) => c.active) : list;
      index.set(key, candidates.length === 1 ? { employeeId: candidates[0].id } : { ambiguous: true });
    }
    const mappings = await rows<{ name_key: string; employee_id: string }>(
      tx,
      sql`select m.name_key, m.employee_id from name_mappings m join employees e on e.id = m.employee_id for key share of e`,
    );
    for (const m of mappings) index.set(m.name_key, { employeeId: m.employee_id });
    return new NameMatcher(index);
  }

  /** The employee a row names (its name as the file spells it, and its nameKey). */
  employeeOf(row: { employeeName: string; nameKey: string }): NameMatch {
    const target = this.index.get(row.nameKey);
    if (!target) {
      const entry = this.unmatched.get(row.nameKey);
      if (entry) entry.rows += 1;
      else this.unmatched.set(row.nameKey, { name: row.employeeName, rows: 1 });
      return null;
    }
    if ("ambiguous" in target) return { error: `Employee name "${row.employeeName}" matches more than one employee; add a name mapping for it` };
    return target;
  }

  /** The names no employee or mapping has, each with its number of rows, in the order the file first names them. */
  unmatchedNames(): { name: string; rows: number }[] {
    return [...this.unmatched.values()];
  }
}
