import { PackageX, TrainFront, TriangleAlert, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminAlert } from '#shared/contract/admin-dashboard';
import { AlertFeed } from '#web/components/ui/alert-feed';
import { formatDateTime } from '#web/lib/format';

const ICONS = {
  out_of_stock: PackageX,
  low_stock: PackageX,
  trip_near_full: TrainFront,
  order_without_train: TriangleAlert,
  delivery_late: Truck,
  delivery_failed: Truck,
  order_delivery_failed: PackageX,
};

/**
 * Recent alerts of the admin dashboard, most urgent kinds first; `actionFor` adds what the admin
 * can do about one (the portal composes it: an order back at the store can be sent back to Kandy).
 */
export function AdminAlertList({
  alerts,
  limit = 8,
  actionFor,
}: {
  alerts: readonly AdminAlert[];
  limit?: number;
  actionFor?: (alert: AdminAlert) => ReactNode;
}) {
  return (
    <AlertFeed
      empty="No alerts: everything is on track."
      items={alerts.slice(0, limit).map((a) => ({
        key: `${a.type}-${a.ref_id}`,
        icon: ICONS[a.type],
        severity: a.severity,
        message: a.message,
        footer: (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xs text-slate-500">{formatDateTime(a.time)}</p>
            {actionFor?.(a)}
          </div>
        ),
      }))}
    />
  );
}
