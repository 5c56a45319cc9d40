import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';
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
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={days.map((d) => ({ ...d, label: dayLabel(d.date) }))}
            margin={{ right: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis tick={{ fontSize: 12 }} allowDecimals={false} width={48} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="issued_units" name="Issued" fill="#6366f1" radius={[3, 3, 0, 0]} />
            <Bar dataKey="received_units" name="Received" fill="#10b981" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
