// Allocated vs spent per budget: a grouped bar chart drawn as SVG, not with a chart library, whose
// weight (recharts) would put the Budget Planning screen far over DECISIONS §9's 150 KB for one
// chart. It draws a rupee axis in K/L/Cr, dashed grid, angled names, a legend,
// and a tooltip with the full name and both amounts while the pointer rests on a budget. Screen
// readers get the same figures as a table.
import { useLayoutEffect, useRef, useState } from "react";
import { formatRupees } from "@shared/format";
import type { Budget } from "@shared/schemas/budgets";

/** slate-700: chart text that reads on white (4.5:1 and more). */
const TEXT = "#334155";
const AXIS = "#475569";
const ALLOCATED = "#8ebcff";
const SPENT = "#1d53ed";
const HEIGHT = 288;
const MARGIN = { top: 8, right: 8, bottom: 56, left: 64 };

function compact(n: number): string {
  if (n >= 1e7) return `₹${Math.round((n / 1e7) * 10) / 10}Cr`;
  if (n >= 1e5) return `₹${Math.round((n / 1e5) * 10) / 10}L`;
  if (n >= 1e3) return `₹${Math.round((n / 1e3) * 10) / 10}K`;
  return `₹${n}`;
}

/** The axis top and step: a 1, 2 or 5 times a power of ten, about four steps. */
function axisOf(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 0.25 };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  return { top: Math.ceil(max / step) * step, step };
}

const short = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

export function BudgetChart({ budgets }: { budgets: Budget[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const rows = budgets.map((b) => ({ id: b.id, name: b.name, allocated: Number(b.amount), spent: Number(b.spent) }));
  const { top, step } = axisOf(Math.max(0, ...rows.flatMap((r) => [r.allocated, r.spent])));
  const plotW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (v: number) => MARGIN.top + plotH - (v / top) * plotH;
  const group = rows.length ? plotW / rows.length : 0;
  const bar = Math.max(2, Math.min(28, group * 0.32));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const shown = hover === null ? null : rows[hover];

  return (
    <figure>
      <div ref={box} className="relative w-full" style={{ height: HEIGHT }} aria-hidden="true" onPointerLeave={() => setHover(null)}>
        {width > 0 ? (
          <svg width={width} height={HEIGHT} className="block">
            {ticks.map((t) => (
              <g key={t}>
                <line x1={MARGIN.left} x2={MARGIN.left + plotW} y1={y(t)} y2={y(t)} stroke="#e2e8f0" strokeDasharray="3 3" />
                <text x={MARGIN.left - 8} y={y(t)} dy="0.32em" textAnchor="end" fontSize={12} fill={AXIS}>
                  {compact(t)}
                </text>
              </g>
            ))}
            {rows.map((r, i) => {
              const x0 = MARGIN.left + i * group;
              const centre = x0 + group / 2;
              return (
                <g key={r.id} onPointerEnter={() => setHover(i)} data-budget-bar={r.name}>
                  <rect x={x0} y={MARGIN.top} width={group} height={plotH} fill={hover === i ? "#f1f5f9" : "transparent"} />
                  <rect x={centre - bar - 2} y={y(r.allocated)} width={bar} height={Math.max(0, MARGIN.top + plotH - y(r.allocated))} rx={4} fill={ALLOCATED} />
                  <rect x={centre + 2} y={y(r.spent)} width={bar} height={Math.max(0, MARGIN.top + plotH - y(r.spent))} rx={4} fill={SPENT} />
                  <text
                    x={centre}
                    y={MARGIN.top + plotH + 10}
                    transform={`rotate(-25 ${centre} ${MARGIN.top + plotH + 10})`}
                    textAnchor="end"
                    dy="0.71em"
                    fontSize={11}
                    fill={AXIS}
                  >
                    {short(r.name)}
                  </text>
                </g>
              );
            })}
            <line x1={MARGIN.left} x2={MARGIN.left + plotW} y1={MARGIN.top + plotH} y2={MARGIN.top + plotH} stroke="#94a3b8" />
          </svg>
        ) : null}
        {shown && hover !== null ? (
          <div
            data-chart-tooltip
            className="pointer-events-none absolute top-2 z-10 w-56 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm shadow-md"
            style={{ left: Math.min(Math.max(MARGIN.left + hover * group + group / 2 - 112, 0), Math.max(0, width - 224)), color: TEXT }}
          >
            <p className="font-semibold">{shown.name}</p>
            <p className="whitespace-nowrap">Allocated: {formatRupees(shown.allocated)}</p>
            <p className="whitespace-nowrap">Spent: {formatRupees(shown.spent)}</p>
          </div>
        ) : null}
      </div>
      <div className="mt-1 flex justify-center gap-5 text-xs" style={{ color: TEXT }} aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm" style={{ background: ALLOCATED }} />
          Allocated
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm" style={{ background: SPENT }} />
          Spent
        </span>
      </div>
      {/* The same figures for screen readers. Wrapped: a table ignores its own 1 px width and
          overflow, so an sr-only table still widened the page (420 px at 390 on a phone). */}
      <div className="sr-only">
        <table>
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
      </div>
    </figure>
  );
}
