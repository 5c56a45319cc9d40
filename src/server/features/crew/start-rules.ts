// When a crew may start a run (docs/decisions/0056), as pure functions: the start endpoint runs
// them on the locked delivery and the assignment list on each Scheduled run, so the phone shows
// the very sentence the server would answer before the driver taps.

import { takesNewRuns, truckUnderRepair } from '#server/domain/roster-rules';
import { START_WINDOW_HOURS, START_WINDOW_MS } from '#shared/constants';
import { businessDate, businessDateTime, businessTimeText } from '#shared/dates';
import type { DeliveryStatus } from '#shared/order-status';

/** Another run on the road that holds this run's truck, driver or assistant. */
export interface RunOnTheRoad {
  seat: 'truck' | 'driver' | 'assistant';
  delivery_id: number;
  route_name: string;
  started_at: string;
}

export interface StartFacts {
  deliveryId: number;
  status: DeliveryStatus;
  /** The planned start. */
  start: Date;
  driverId: number | null;
  assistantId: number | null;
  driverName: string | null;
  assistantName: string | null;
  plateNumber: string;
  truckStatus: string;
  truckStatusNote: string | null;
  orderCount: number;
  onTheRoad: readonly RunOnTheRoad[];
}

const SEATS = ['truck', 'driver', 'assistant'] as const;

/** The earliest moment the run may start. */
export const startOpensAt = (start: Date) => new Date(start.getTime() - START_WINDOW_MS);

/** "09:10" on the same Colombo day as `now`, else "4 Mar 2030, 09:10". */
function since(at: Date, now: Date): string {
  return businessDate(at) === businessDate(now) ? businessTimeText(at) : businessDateTime(at);
}

/** The other run on the road that blocks this one (truck first, then driver, then assistant). */
export function blockingRun(f: Pick<StartFacts, 'onTheRoad'>): RunOnTheRoad | null {
  for (const seat of SEATS) {
    const run = f.onTheRoad.find((r) => r.seat === seat);
    if (run) return run;
  }
  return null;
}

function onTheRoadRefusal(f: StartFacts, now: Date): string | null {
  const run = blockingRun(f);
  if (!run) return null;
  const who =
    run.seat === 'truck'
      ? `Truck ${f.plateNumber}`
      : run.seat === 'driver'
        ? `Driver ${f.driverName ?? f.driverId}`
        : `Assistant ${f.assistantName ?? f.assistantId}`;
  return `${who} is on delivery #${run.delivery_id} (${run.route_name}), In Transit since ${since(new Date(run.started_at), now)} (Colombo time): finish it before starting delivery #${f.deliveryId}`;
}

/**
 * Why the run cannot start at `now`, as the sentence the crew is shown, or null. `window: false`
 * leaves out the time window (the phone shows when it opens by itself, from start_opens_at).
 * In order: its status, its crew, its truck, the time, another run on the road, its load.
 */
export function startRefusal(f: StartFacts, now: Date, options: { window: boolean }): string | null {
  const id = f.deliveryId;
  if (f.status !== 'Scheduled') return `Delivery #${id} is already ${f.status}`;
  if (f.driverId === null || f.assistantId === null) {
    return `Delivery #${id} cannot start without its ${f.driverId === null ? 'driver' : 'assistant'}: ask the manager to complete the crew`;
  }
  if (!takesNewRuns(f.truckStatus)) {
    return `${truckUnderRepair({ plateNumber: f.plateNumber, statusNote: f.truckStatusNote })}: delivery #${id} cannot start with it; ask the manager to move the run to another truck`;
  }
  if (options.window && now < startOpensAt(f.start)) {
    return `Delivery #${id} is planned for ${businessDateTime(f.start)} (Colombo time); it can start from ${businessDateTime(startOpensAt(f.start))}, ${START_WINDOW_HOURS} hours before`;
  }
  const onTheRoad = onTheRoadRefusal(f, now);
  if (onTheRoad) return onTheRoad;
  if (f.orderCount === 0) {
    return `Delivery #${id} has no orders loaded: ask the manager to load the truck first`;
  }
  return null;
}
