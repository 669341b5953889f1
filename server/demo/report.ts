// The seed's closing report: the demo users and their passwords, counts per status, timings.
import type { SeedSummary } from "./seed";

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i]!)).join("  ")}`.trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export function formatSummary(s: SeedSummary, elapsedMs: number, databaseKind: string): string {
  const out: string[] = [];
  out.push(`${s.company}: demo data on ${databaseKind}${s.alreadyPresent ? " (already present, nothing changed)" : ""}`);
  out.push("");
  out.push("Transactions by status:");
  out.push(
    table(
      ["status", "count"],
      Object.entries(s.transactionsByStatus).map(([k, v]) => [k, String(v)]),
    ),
  );
  out.push(
    `  total ${s.transactions}; ${s.overduePaymentDue} payment due are overdue; ${s.approvals} approvals, ${s.attachments} attachments, ${s.notifications} notifications`,
  );
  out.push("");
  out.push("Budgets:");
  out.push(
    table(
      ["budget", "amount", "spent", "used", "status"],
      s.budgets.map((b) => [b.name, `₹${b.amount}`, `₹${b.spent}`, `${b.percentUsed}%`, b.status]),
    ),
  );
  out.push("");
  out.push(`Employees: ${s.employees} in ${s.departments} departments; ${s.leaves} leaves recorded`);
  for (const imp of s.punchImports) {
    const a = imp.answer;
    out.push(
      `  import ${imp.fileName}: ${a.totalRows} rows, ${a.processedEvents} new events, ${a.duplicateEvents} duplicates, ${a.skippedRows} skipped${a.unmatchedNames.length ? `, unmatched: ${a.unmatchedNames.join(", ")}` : ""}`,
    );
  }
  for (const [month, statuses] of Object.entries(s.attendanceDays)) {
    out.push(
      `  ${month}: ${Object.entries(statuses)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  }
  out.push("");
  out.push("Demo users (sign in at /login):");
  out.push(
    table(
      ["username", "password", "role", "name"],
      s.users.map((u) => [u.username, u.password, u.role, u.name]),
    ),
  );
  out.push(
    `Emergency approver PINs (on the public approval links): ${Object.entries(s.emergencyPins)
      .map(([code, pin]) => `${code} ${pin}`)
      .join(", ")}`,
  );
  out.push("");
  const phases = Object.entries(s.timingsMs).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`);
  out.push(`Done in ${(elapsedMs / 1000).toFixed(1)} s${phases.length ? ` (${phases.join(", ")})` : ""}`);
  return out.join("\n");
}
