import { PackageX, TrainFront, TriangleAlert, Truck } from 'lucide-react';
import { Link } from 'react-router';
import type { ManagerAlert } from '#shared/contract/manager-dashboard';
import { AlertFeed } from '#web/components/ui/alert-feed';

const ICONS = {
  trip_near_full: TrainFront,
  order_without_train: TriangleAlert,
  delivery_without_crew: Truck,
  order_delivery_failed: PackageX,
};

const ACTION = {
  order_without_train: 'Open the order',
  trip_near_full: 'Open the board',
  delivery_without_crew: 'Set the crew',
  order_delivery_failed: 'Re-plan or send back',
};

/** The dashboard's alerts, each linking to where the manager acts on it. */
export function AlertList({
  alerts,
  linkFor,
}: {
  alerts: readonly ManagerAlert[];
  linkFor: (a: ManagerAlert) => string;
}) {
  return (
    <AlertFeed
      empty="Nothing needs your attention."
      items={alerts.map((a) => ({
        key: `${a.type}-${a.ref_id}`,
        icon: ICONS[a.type],
        severity: a.severity,
        message: a.message,
        footer: (
          <Link to={linkFor(a)} className="text-xs font-medium text-indigo-700 hover:underline">
            {ACTION[a.type]}
          </Link>
        ),
      }))}
    />
  );
}
