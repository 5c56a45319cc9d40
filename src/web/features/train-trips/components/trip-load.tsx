import { NEAR_FULL_PERCENT, TRIP_BUSY_PERCENT } from '#shared/constants';
import type { TrainTrip } from '#shared/contract/train-trips';
import { Meter } from '#web/components/ui/meter';
import { formatSpace } from '#web/lib/format';

type Load = Pick<TrainTrip, 'used_capacity' | 'total_capacity' | 'utilization_percent' | 'status'>;

/**
 * The capacity bar: red above 90 %, amber above 70 %
 * (docs/product/business-rules.md#train-trips-and-allocation).
 */
export function TripMeter({ trip, label }: { trip: Load; label: string }) {
  return (
    <Meter
      label={label}
      value={trip.used_capacity}
      max={trip.total_capacity}
      danger={NEAR_FULL_PERCENT}
      warning={TRIP_BUSY_PERCENT}
      valueText={`${trip.utilization_percent} %`}
      className="min-w-40"
    />
  );
}

export { TripStatusBadge } from '#web/components/ui/trip-status-badge';

export function spaceText(trip: Load): string {
  return `${formatSpace(trip.used_capacity)} / ${formatSpace(trip.total_capacity)}`;
}
