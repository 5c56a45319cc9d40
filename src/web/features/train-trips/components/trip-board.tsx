import { TrainFront } from 'lucide-react';
import type { TrainTrip } from '#shared/contract/train-trips';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { formatDate, formatTime } from '#web/lib/format';
import { groupByDay } from '../lib/trip-groups';
import { spaceText, TripMeter, TripStatusBadge } from './trip-load';

const time = formatTime;

const JOURNEY_TONE = { Upcoming: 'info', Departed: 'purple', Arrived: 'neutral' } as const;

/** The train board: trips by departure day, each with its capacity bar and booked orders. */
export function TripBoard({ trips, onOpen }: { trips: readonly TrainTrip[]; onOpen: (id: number) => void }) {
  if (trips.length === 0) {
    return (
      <EmptyState
        icon={TrainFront}
        title="No train trips in this period"
        description="Pick another city or period, or add a trip."
      />
    );
  }
  return (
    <div className="divide-y divide-slate-100">
      {groupByDay(trips).map((group) => (
        <section key={group.day} aria-label={formatDate(group.day)} className="px-4 py-3 sm:px-5">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {formatDate(group.day)}
          </h3>
          <ul className="space-y-2">
            {group.trips.map((trip) => (
              <li
                key={trip.train_trip_id}
                className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_14rem_auto] sm:items-center"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">
                    {trip.departure_city} → {trip.arrival_city}
                    <span className="ml-2 text-sm font-normal text-slate-500">{trip.train_name}</span>
                  </p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    <span>
                      {time(trip.departure_date_time)} – {time(trip.arrival_date_time)}
                      {formatDate(trip.arrival_date_time) !== formatDate(trip.departure_date_time) &&
                        ` (${formatDate(trip.arrival_date_time)})`}
                    </span>
                    <Badge tone={JOURNEY_TONE[trip.journey]}>{trip.journey}</Badge>
                    <TripStatusBadge status={trip.status} />
                  </p>
                </div>
                <div>
                  <TripMeter trip={trip} label={`Capacity of trip ${trip.train_trip_id}`} />
                  <p className="mt-1 text-xs text-slate-500">
                    {spaceText(trip)} units · {trip.orders_count} order{trip.orders_count === 1 ? '' : 's'}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Orders on trip ${trip.train_trip_id}`}
                  onClick={() => onOpen(trip.train_trip_id)}
                >
                  Orders
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
