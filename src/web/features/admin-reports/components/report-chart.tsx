import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportRow } from '../api/get-report';
import type { ReportSpec } from '../report-catalog';
import { formatCell } from './report-cells';

const COLOURS = ['#4f46e5', '#0ea5e9', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6'];
const MAX_BARS = 12;
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Short axis labels: $22K, 40 %, 12 h. */
function axisLabel(kind: ReportSpec['columns'][number]['kind'], v: number): string {
  if (kind === 'money') return `$${COMPACT.format(v)}`;
  if (kind === 'percent') return `${COMPACT.format(v)} %`;
  if (kind === 'hours') return `${COMPACT.format(v)} h`;
  return COMPACT.format(v);
}

/** The report's bar chart: `y` per `x`, one bar series per `series` value when given. */
export function ReportChart({ spec, rows }: { spec: ReportSpec; rows: readonly ReportRow[] }) {
  const chart = spec.chart;
  if (!chart || rows.length === 0) return null;
  const seriesNames = chart.series ? [...new Set(rows.map((r) => String(r[chart.series!])))] : [chart.label];
  const byX = new Map<string, Record<string, number | string>>();
  for (const r of rows) {
    const x = String(r[chart.x]);
    const point = byX.get(x) ?? { x };
    const key = chart.series ? String(r[chart.series]) : chart.label;
    point[key] = Number(point[key] ?? 0) + Number(r[chart.y] ?? 0);
    byX.set(x, point);
  }
  const data = [...byX.values()].slice(0, MAX_BARS);
  return (
    <div
      className="h-64"
      role="img"
      aria-label={`${spec.title}: ${chart.label} per ${chart.x.replace(/_/g, ' ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="x" tick={{ fontSize: 11 }} interval={data.length > 8 ? 'preserveStartEnd' : 0} />
          <YAxis tick={{ fontSize: 11 }} width={56} tickFormatter={(v) => axisLabel(chart.kind, Number(v))} />
          <Tooltip formatter={(v, name) => [formatCell(chart.kind, v), name]} />
          {seriesNames.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {seriesNames.map((name, i) => (
            <Bar
              key={name}
              dataKey={name}
              fill={COLOURS[i % COLOURS.length]}
              radius={[3, 3, 0, 0]}
              maxBarSize={40}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
