import { CircleCheck, TrainFront, TriangleAlert, Truck } from 'lucide-react';
import { Link } from 'react-router';
import type { ManagerAlert } from '#shared/contract/manager-dashboard';

const ICONS = {
  trip_near_full: TrainFront,
  order_without_train: TriangleAlert,
  delivery_without_crew: Truck,
};

/** The dashboard's alerts, each linking to where the manager acts on it. */
export function AlertList({
  alerts,
  linkFor,
}: {
  alerts: readonly ManagerAlert[];
  linkFor: (a: ManagerAlert) => string;
}) {
  if (alerts.length === 0) {
    return (
      <p className="flex items-center justify-center gap-2 px-5 py-8 text-sm text-slate-600">
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" /> Nothing needs your attention.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {alerts.map((a) => {
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
              <Link to={linkFor(a)} className="text-xs font-medium text-indigo-700 hover:underline">
                {a.type === 'order_without_train'
                  ? 'Open the order'
                  : a.type === 'trip_near_full'
                    ? 'Open the board'
                    : 'Set the crew'}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
