import { NEAR_FULL_PERCENT, TRIP_BUSY_PERCENT } from '#shared/constants';
import type { ManagerStats } from '#shared/contract/manager-dashboard';
import { Meter } from '#web/components/ui/meter';
import { TripStatusBadge } from '#web/components/ui/trip-status-badge';
import { formatDateTime, formatSpace } from '#web/lib/format';

/** The next trains out of Kandy with their booked share. */
export function UpcomingTrips({ trips }: { trips: ManagerStats['upcoming_trips'] }) {
  if (trips.length === 0) {
    return <p className="px-5 py-8 text-center text-sm text-slate-600">No train trips are planned.</p>;
  }
  return (
    <ul className="divide-y divide-slate-100">
      {trips.map((t) => (
        <li key={t.id} className="space-y-1.5 px-5 py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-900">
              {t.route} <span className="font-normal text-slate-500">· {t.train_name}</span>
            </p>
            <TripStatusBadge status={t.status} />
          </div>
          <p className="text-xs text-slate-500">
            Departs {formatDateTime(t.date)} · {formatSpace(t.used_capacity)} /{' '}
            {formatSpace(t.total_capacity)} units
          </p>
          <Meter
            label={`${t.route} on ${formatDateTime(t.date)}`}
            value={t.capacity}
            danger={NEAR_FULL_PERCENT}
            warning={TRIP_BUSY_PERCENT}
            valueText={`${t.capacity} %`}
          />
        </li>
      ))}
    </ul>
  );
}
