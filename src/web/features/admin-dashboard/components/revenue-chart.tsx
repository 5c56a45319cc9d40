import type { AdminChartData } from '#shared/contract/admin-dashboard';
import { BarChart } from '#web/components/ui/bar-chart';
import { formatMonth } from '#web/lib/format';

/** Chart months shown: the first 12 (docs/product/portals.md#admin). */
export const CHART_MONTHS = 12;

const monthLabel = formatMonth;
const compact = (v: number) => `$${Intl.NumberFormat('en-US', { notation: 'compact' }).format(v)}`;

/**
 * Revenue by customer type per month, as grouped bars (the first 12 months of the period); drawn
 * without Recharts, so the admin home stays within its first-load budget (decision 0085).
 */
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
    <div role="img" aria-label="Revenue by customer type per month">
      <BarChart
        data={months}
        label={(m) => m.month}
        format={compact}
        plotHeight="h-60"
        series={[
          { name: 'Wholesale', color: 'bg-indigo-600', value: (m) => m.Wholesale },
          { name: 'Retail', color: 'bg-sky-500', value: (m) => m.Retail },
        ]}
      />
    </div>
  );
}
