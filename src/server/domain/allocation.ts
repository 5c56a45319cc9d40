// Train space booking (docs/product/business-rules.md#train-trips-and-allocation) as pure
// functions: no database, no clock. The allocation service calls planTrainAllocation with the trips
// it has locked; the dispatch planner (issue 12) calls it on its in-memory trips. Space is counted
// in hundredths (integers) so that splitting an order never loses or invents a fraction. See
// docs/decisions/0014.

export interface TripCapacity {
  tripId: number;
  departure: Date;
  arrival: Date;
  totalCents: number;
  usedCents: number;
}

export interface AllocationRequest {
  /** Space the order needs, in hundredths of a unit. */
  spaceCents: number;
  /** Goods must arrive before this instant: the start of the requested delivery day. */
  deadline: Date;
  /** A trip that departs at or before this instant cannot take the goods any more. */
  now: Date;
}

export interface AllocationLeg {
  tripId: number;
  cents: number;
}

export type AllocationPlan =
  | { ok: true; legs: AllocationLeg[] }
  /** No trip departs after now and arrives before the deadline. */
  | { ok: false; reason: 'no-trip' }
  /** The eligible trips have only `freeCents` free in total. */
  | { ok: false; reason: 'not-enough'; freeCents: number; tripCount: number };

/** The trips that can carry goods for this request, earliest departure first. */
export function eligibleTrips<T extends TripCapacity>(trips: readonly T[], request: AllocationRequest): T[] {
  return trips
    .filter((t) => t.departure > request.now && t.arrival < request.deadline)
    .sort(
      (a, b) =>
        a.departure.getTime() - b.departure.getTime() ||
        a.arrival.getTime() - b.arrival.getTime() ||
        a.tripId - b.tripId,
    );
}

/**
 * Books the order on the earliest eligible trip and spills what does not fit onto the next ones
 * (an order may travel on several trips). All or nothing: when the eligible trips cannot take the
 * whole order, the plan says why and books nothing.
 */
export function planTrainAllocation(
  request: AllocationRequest,
  trips: readonly TripCapacity[],
): AllocationPlan {
  if (!Number.isInteger(request.spaceCents) || request.spaceCents <= 0) {
    throw new Error(`planTrainAllocation: space must be a positive whole number of hundredths`);
  }
  const candidates = eligibleTrips(trips, request);
  if (candidates.length === 0) return { ok: false, reason: 'no-trip' };
  const legs: AllocationLeg[] = [];
  let remaining = request.spaceCents;
  for (const trip of candidates) {
    const free = Math.max(0, trip.totalCents - trip.usedCents);
    const take = Math.min(free, remaining);
    if (take <= 0) continue;
    legs.push({ tripId: trip.tripId, cents: take });
    remaining -= take;
    if (remaining === 0) return { ok: true, legs };
  }
  return {
    ok: false,
    reason: 'not-enough',
    freeCents: request.spaceCents - remaining,
    tripCount: candidates.length,
  };
}

/** Space in hundredths, from a numeric column value. */
export const toCents = (space: number) => Math.round(space * 100);
export const fromCents = (cents: number) => cents / 100;

/** Booked share of a trip in percent, one decimal. */
export function utilisationPercent(usedCents: number, totalCents: number): number {
  return totalCents > 0 ? Math.round((usedCents / totalCents) * 1000) / 10 : 0;
}

/** Full at 100 %, Near Full above 90 %, else On Schedule: src/shared/constants.ts. */
export { tripLoadStatus } from '#shared/constants';
