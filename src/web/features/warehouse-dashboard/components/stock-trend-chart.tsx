import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';
import { BarChart } from '#web/components/ui/bar-chart';
import { formatDayMonth } from '#web/lib/format';

/**
 * The stock trend shows the first 15 entries (the newest days), charted oldest first
 * (docs/product/portals.md#warehouse).
 */
export const TREND_ENTRIES = 15;

const dayLabel = formatDayMonth;

export function StockTrendChart({ trend }: { trend: WarehouseStats['stock_trend'] }) {
  const days = trend.slice(0, TREND_ENTRIES).reverse();
  const issued = days.reduce((n, d) => n + d.issued_units, 0);
  const received = days.reduce((n, d) => n + d.received_units, 0);
  return (
    <figure>
      <figcaption className="mb-2 text-sm text-slate-600">
        Last {days.length} days: {issued.toLocaleString('en-US')} units issued to orders,{' '}
        {received.toLocaleString('en-US')} received.
      </figcaption>
      <div aria-hidden="true">
        <BarChart
          data={days}
          label={(d) => dayLabel(d.date)}
          plotHeight="h-52"
          series={[
            { name: 'Issued', color: 'bg-indigo-500', value: (d) => d.issued_units },
            { name: 'Received', color: 'bg-emerald-500', value: (d) => d.received_units },
          ]}
        />
      </div>
    </figure>
  );
}
