import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '#shared/constants';
import type { AdminChartData } from '#shared/contract/admin-dashboard';
import { formatMonth } from '#web/lib/format';

/** Chart months shown: the first 12 (docs/product/portals.md#admin). */
export const CHART_MONTHS = 12;

const monthLabel = formatMonth;
const compact = (v: number) => `$${Intl.NumberFormat('en-US', { notation: 'compact' }).format(v)}`;

/** Revenue by customer type per month, as grouped bars (the first 12 months of the period). */
export function RevenueChart({ data }: { data: AdminChartData }) {
  const months = Object.entries(data.revenue.monthly_data)
    .slice(0, CHART_MONTHS)
    .map(([month, m]) => ({
      month: monthLabel(month),
      Wholesale: m.wholesale,
      Retail: m.retail,
      orders: m.orders,
    }));
  if (months.every((m) => m.Wholesale === 0 && m.Retail === 0)) {
    return <p className="py-10 text-center text-sm text-slate-600">No revenue in this period.</p>;
  }
  return (
    <div className="h-72" role="img" aria-label="Revenue by customer type per month">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={months} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis tickFormatter={compact} tick={{ fontSize: 11 }} width={56} />
          <Tooltip formatter={(v, name) => [formatMoney(Number(v)), name]} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="Wholesale" fill="#4f46e5" radius={[3, 3, 0, 0]} maxBarSize={28} />
          <Bar dataKey="Retail" fill="#0ea5e9" radius={[3, 3, 0, 0]} maxBarSize={28} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
