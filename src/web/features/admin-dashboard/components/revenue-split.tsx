import { TrendingDown, TrendingUp } from 'lucide-react';
import { formatMoney } from '#shared/constants';
import type { AdminChartData } from '#shared/contract/admin-dashboard';

/** Total revenue with its growth, and the wholesale / retail split. */
export function RevenueSplit({ data }: { data: AdminChartData }) {
  const { revenue, revenue_analysis: split } = data;
  const growth = revenue.growth_percent;
  return (
    <div className="space-y-5 px-5 py-4">
      <div>
        <p className="text-sm text-slate-600">Total revenue</p>
        <p className="text-3xl font-semibold tabular-nums text-slate-900">{formatMoney(revenue.total)}</p>
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
          {growth === null ? (
            'No revenue in the previous period to compare with'
          ) : (
            <>
              {growth >= 0 ? (
                <TrendingUp aria-hidden="true" className="size-4 text-emerald-600" />
              ) : (
                <TrendingDown aria-hidden="true" className="size-4 text-red-600" />
              )}
              <span className={growth >= 0 ? 'text-emerald-700' : 'text-red-700'}>
                {growth >= 0 ? '+' : ''}
                {growth} %
              </span>
              against the previous {Object.keys(revenue.monthly_data).length} months (
              {formatMoney(revenue.previous_total)})
            </>
          )}
        </p>
      </div>
      <div className="flex h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="bg-indigo-600" style={{ width: `${split.wholesale.percent}%` }} />
        <div className="bg-sky-500" style={{ width: `${split.retail.percent}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-4">
        {(
          [
            ['Wholesale', split.wholesale, 'bg-indigo-600'],
            ['Retail', split.retail, 'bg-sky-500'],
          ] as const
        ).map(([label, f, dot]) => (
          <div key={label}>
            <dt className="flex items-center gap-2 text-sm text-slate-600">
              <span className={`size-2.5 rounded-full ${dot}`} aria-hidden="true" />
              {label} · {f.percent} %
            </dt>
            <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">
              {formatMoney(f.revenue)}
            </dd>
            <dd className="text-xs text-slate-500">{f.orders.toLocaleString('en-US')} orders</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
