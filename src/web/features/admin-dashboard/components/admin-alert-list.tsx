import { CircleCheck, PackageX, TrainFront, TriangleAlert, Truck } from 'lucide-react';
import type { AdminAlert } from '#shared/contract/admin-dashboard';
import { formatDateTime } from '#web/lib/format';

const ICONS = {
  out_of_stock: PackageX,
  low_stock: PackageX,
  trip_near_full: TrainFront,
  order_without_train: TriangleAlert,
  delivery_late: Truck,
  delivery_failed: Truck,
};

/** Recent alerts of the admin dashboard, most urgent kinds first. */
export function AdminAlertList({ alerts, limit = 8 }: { alerts: readonly AdminAlert[]; limit?: number }) {
  if (alerts.length === 0) {
    return (
      <p className="flex items-center justify-center gap-2 px-5 py-8 text-sm text-slate-600">
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" /> No alerts: everything is on
        track.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {alerts.slice(0, limit).map((a) => {
        const Icon = ICONS[a.type];
        return (
          <li key={`${a.type}-${a.ref_id}`} className="flex items-start gap-3 px-5 py-3">
            <Icon
              aria-hidden="true"
              className={`mt-0.5 size-4 shrink-0 ${a.severity === 'high' ? 'text-red-600' : 'text-amber-600'}`}
            />
            <div className="min-w-0 text-sm">
              <p className="text-slate-800">
                <span className="sr-only">{a.severity === 'high' ? 'Urgent: ' : 'Warning: '}</span>
                {a.message}
              </p>
              <p className="text-xs text-slate-500">{formatDateTime(a.time)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
