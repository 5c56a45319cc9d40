import { STOCK_LOW_BELOW } from '#shared/constants';
import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';
import { STOCK_REASON_LABELS } from '#shared/stock';
import { StockStatusBadge } from '#web/components/ui/stock-status-badge';
import { formatShortDateTime } from '#web/lib/format';

/**
 * The latest ledger movements: product, what happened, the units it left; Low Stock (or Out of Stock) below
 * 50 (STOCK_LOW_BELOW).
 */
export function RecentUpdates({ updates }: { updates: WarehouseStats['recent_updates'] }) {
  if (updates.length === 0)
    return <p className="px-5 py-6 text-sm text-slate-500">No stock movements yet.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {updates.map((u) => (
        <li key={u.movement_id} className="flex items-center justify-between gap-3 px-5 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{u.product_name}</p>
            <p className="text-xs text-slate-500">
              {u.category} · {STOCK_REASON_LABELS[u.reason]}{' '}
              <span className={u.delta < 0 ? 'text-red-700' : 'text-emerald-700'}>
                {u.delta > 0 ? '+' : ''}
                {u.delta}
              </span>{' '}
              · <time dateTime={u.last_updated}>{formatShortDateTime(u.last_updated)}</time>
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <span className="tabular-nums text-sm font-semibold text-slate-800">
              {u.available_units.toLocaleString('en-US')}
            </span>
            {u.available_units < STOCK_LOW_BELOW && <StockStatusBadge units={u.available_units} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
