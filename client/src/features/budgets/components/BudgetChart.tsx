// Allocated vs spent per budget (recharts).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatRupees } from "@shared/format";
import type { Budget } from "@shared/schemas/budgets";

/** slate-700: chart text that reads on white (4.5:1 and more). */
const TEXT = "#334155";

function compact(n: number): string {
  if (n >= 1e7) return `₹${Math.round((n / 1e7) * 10) / 10}Cr`;
  if (n >= 1e5) return `₹${Math.round((n / 1e5) * 10) / 10}L`;
  if (n >= 1e3) return `₹${Math.round((n / 1e3) * 10) / 10}K`;
  return `₹${n}`;
}

export function BudgetChart({ budgets }: { budgets: Budget[] }) {
  const data = budgets.map((b) => ({ name: b.name.length > 14 ? `${b.name.slice(0, 13)}…` : b.name, fullName: b.name, Allocated: Number(b.amount), Spent: Number(b.spent) }));
  return (
    <figure>
      <div className="h-72 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="name" tick={{ fontSize: 11, fill: "#475569" }} interval={0} tickLine={false} angle={-25} textAnchor="end" height={56} />
            <YAxis tickFormatter={compact} tick={{ fontSize: 12, fill: "#475569" }} width={64} tickLine={false} axisLine={false} />
            {/* Text in slate, not the series colour: the light Allocated blue is 1.9:1 on white. */}
            <Tooltip
              formatter={(v) => formatRupees(Number(v))}
              labelFormatter={(_, p) => (p?.[0]?.payload as { fullName?: string } | undefined)?.fullName ?? ""}
              itemStyle={{ color: TEXT }}
              cursor={{ fill: "#f1f5f9" }}
              labelStyle={{ color: TEXT, fontWeight: 600 }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span style={{ color: TEXT }}>{value}</span>} />
            <Bar dataKey="Allocated" fill="#8ebcff" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="Spent" fill="#1d53ed" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* The same figures for screen readers. */}
      <table className="sr-only">
        <caption>Allocated and spent per budget</caption>
        <thead>
          <tr>
            <th scope="col">Budget</th>
            <th scope="col">Allocated</th>
            <th scope="col">Spent</th>
          </tr>
        </thead>
        <tbody>
          {budgets.map((b) => (
            <tr key={b.id}>
              <th scope="row">{b.name}</th>
              <td>{formatRupees(b.amount)}</td>
              <td>{formatRupees(b.spent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
