import { clsx } from 'clsx';
import { EyeOff, RotateCcw } from 'lucide-react';
import type { InventoryAlert } from '#shared/contract/inventory-alerts';
import { STOCK_LABELS } from '#shared/stock';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Meter } from '#web/components/ui/meter';

export interface AlertCardProps {
  alert: InventoryAlert;
  busy: boolean;
  onDismiss: () => void;
  onRestore: () => void;
}

function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-slate-900">
        {value.toLocaleString('en-US')}
        {hint && <span className="ml-1 text-xs font-normal text-slate-500">{hint}</span>}
      </dd>
    </div>
  );
}

/** One low-stock alert: level, units against the reorder point, suggested reorder, pending demand. */
export function AlertCard({ alert, busy, onDismiss, onRestore }: AlertCardProps) {
  const critical = alert.alert_level === 'critical';
  const percent =
    alert.reorder_point > 0 ? Math.round((alert.available_units / alert.reorder_point) * 100) : 0;
  return (
    <article
      aria-label={`${alert.product_name} alert`}
      className={clsx(
        'rounded-xl border bg-white p-4 shadow-sm',
        alert.dismissed ? 'border-slate-200 opacity-80' : critical ? 'border-red-200' : 'border-amber-200',
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{alert.product_name}</h3>
          <p className="text-xs text-slate-500">{alert.category}</p>
        </div>
        <Badge tone={critical ? 'danger' : 'warning'}>
          {alert.available_units === 0
            ? `Critical · ${STOCK_LABELS['out of stock']}`
            : critical
              ? 'Critical'
              : 'Warning'}
        </Badge>
      </header>
      <p className="mt-3 flex justify-between text-xs text-slate-600">
        <span>
          <span className="font-semibold tabular-nums text-slate-900">{alert.available_units}</span> of{' '}
          {alert.reorder_point} units (reorder point)
        </span>
        <span className="tabular-nums">{percent} %</span>
      </p>
      <Meter
        className="mt-1"
        label={`${alert.product_name}: units against reorder point`}
        value={alert.available_units}
        max={Math.max(alert.reorder_point, 1)}
        color="emerald"
        warning={-1}
        danger={critical ? -1 : undefined}
      />
      <dl className="mt-3 grid grid-cols-3 gap-3">
        <Figure label="Suggested point" value={alert.suggested_reorder_point} />
        <Figure label="Reorder" value={alert.reorder_quantity} hint="units" />
        <Figure label="Pending 14 d" value={alert.pending_demand_units} hint="units" />
      </dl>
      <footer className="mt-3 flex items-center justify-between gap-2">
        <p className="text-xs text-slate-500">
          {alert.issued_last_30_days.toLocaleString('en-US')} units issued in 30 days
        </p>
        {alert.dismissed ? (
          <Button
            variant="secondary"
            size="sm"
            loading={busy}
            onClick={onRestore}
            aria-label={`Restore ${alert.product_name} alert`}
          >
            {!busy && <RotateCcw aria-hidden="true" className="size-4" />}
            Restore
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            loading={busy}
            onClick={onDismiss}
            aria-label={`Dismiss ${alert.product_name} alert`}
          >
            {!busy && <EyeOff aria-hidden="true" className="size-4" />}
            Dismiss
          </Button>
        )}
      </footer>
    </article>
  );
}
