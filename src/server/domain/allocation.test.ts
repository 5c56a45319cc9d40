import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planTrainAllocation, type TripCapacity, tripLoadStatus, utilisationPercent } from './allocation';

const H = 3_600_000;
const now = new Date('2030-03-01T00:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * H);
const trip = (tripId: number, departH: number, totalCents: number, usedCents = 0): TripCapacity => ({
  tripId,
  departure: at(departH),
  arrival: at(departH + 4),
  totalCents,
  usedCents,
});
const deadline = at(24 * 10);

describe('planTrainAllocation', () => {
  it('books an order that fits on the earliest trip', () => {
    const plan = planTrainAllocation({ spaceCents: 4_550, deadline, now }, [
      trip(2, 48, 100_00),
      trip(1, 24, 100_00),
    ]);
    expect(plan).toEqual({ ok: true, legs: [{ tripId: 1, cents: 4_550 }] });
  });

  it('spills what does not fit onto the next trips, earliest first', () => {
    const plan = planTrainAllocation({ spaceCents: 150_00, deadline, now }, [
      trip(3, 96, 200_00),
      trip(1, 24, 100_00, 40_00),
      trip(2, 48, 50_00, 50_00), // full: skipped
      trip(4, 72, 30_00),
    ]);
    expect(plan).toEqual({
      ok: true,
      legs: [
        { tripId: 1, cents: 60_00 },
        { tripId: 4, cents: 30_00 },
        { tripId: 3, cents: 60_00 },
      ],
    });
  });

  it('ignores trips that have left or arrive on or after the deadline', () => {
    const trips = [trip(1, -1, 100_00), trip(2, 0, 100_00), { ...trip(3, 200, 100_00), arrival: deadline }];
    expect(planTrainAllocation({ spaceCents: 100, deadline, now }, trips)).toEqual({
      ok: false,
      reason: 'no-trip',
    });
    const later = { ...trip(4, 200, 100_00), arrival: new Date(deadline.getTime() - 1) };
    expect(planTrainAllocation({ spaceCents: 100, deadline, now }, [...trips, later])).toEqual({
      ok: true,
      legs: [{ tripId: 4, cents: 100 }],
    });
  });

  it('books nothing when the trips before the date cannot take it all, and says how much is free', () => {
    const plan = planTrainAllocation({ spaceCents: 100_00, deadline, now }, [
      trip(1, 24, 50_00, 20_00),
      trip(2, 48, 40_00),
      trip(3, 24 * 11, 500_00), // after the date
    ]);
    expect(plan).toEqual({ ok: false, reason: 'not-enough', freeCents: 70_00, tripCount: 2 });
  });

  it('books exactly the order, within every trip, or nothing (property)', () => {
    const tripArb = fc.record({
      departH: fc.integer({ min: -48, max: 24 * 12 }),
      totalCents: fc.integer({ min: 1, max: 50_000 }),
      usedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(tripArb, { maxLength: 8 }),
        fc.integer({ min: 1, max: 100_000 }),
        (specs, spaceCents) => {
          const trips = specs.map((s, i) =>
            trip(i + 1, s.departH, s.totalCents, Math.floor(s.totalCents * s.usedShare)),
          );
          const plan = planTrainAllocation({ spaceCents, deadline, now }, trips);
          const eligible = trips.filter((t) => t.departure > now && t.arrival < deadline);
          const free = eligible.reduce((sum, t) => sum + t.totalCents - t.usedCents, 0);
          if (!plan.ok) {
            expect(free).toBeLessThan(spaceCents);
            return;
          }
          expect(plan.legs.reduce((sum, l) => sum + l.cents, 0)).toBe(spaceCents);
          for (const leg of plan.legs) {
            const t = eligible.find((x) => x.tripId === leg.tripId)!;
            expect(leg.cents).toBeGreaterThan(0);
            expect(leg.cents).toBeLessThanOrEqual(t.totalCents - t.usedCents);
          }
        },
      ),
    );
  });

  it('refuses a space that is not a positive whole number of hundredths', () => {
    expect(() => planTrainAllocation({ spaceCents: 0, deadline, now }, [])).toThrow(/positive/);
    expect(() => planTrainAllocation({ spaceCents: 1.5, deadline, now }, [])).toThrow(/positive/);
  });
});

describe('trip load', () => {
  it('is Near Full strictly above 90 %, Full with no space left', () => {
    expect(tripLoadStatus(0, 100_00)).toBe('On Schedule');
    expect(tripLoadStatus(90_00, 100_00)).toBe('On Schedule');
    expect(tripLoadStatus(90_01, 100_00)).toBe('Near Full');
    expect(tripLoadStatus(99_99, 100_00)).toBe('Near Full');
    // 10 of 10 booked, 0 free: Full, not Near Full (issue 23)
    expect(tripLoadStatus(10_00, 10_00)).toBe('Full');
    expect(tripLoadStatus(10, 10)).toBe('Full');
    // a trip of no capacity is not full of anything
    expect(tripLoadStatus(0, 0)).toBe('On Schedule');
    expect(utilisationPercent(1, 3)).toBe(33.3);
    expect(utilisationPercent(0, 0)).toBe(0);
  });
});
