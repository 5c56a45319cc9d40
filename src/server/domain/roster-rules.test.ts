import { describe, expect, it } from 'vitest';
import {
  type CrewMember,
  crewViolation,
  deliverySlot,
  hoursInWeek,
  type RouteInfo,
  type Slot,
  truckViolation,
  weekStart,
} from './roster-rules';

// Monday 2030-03-04, 00:00 UTC
const MONDAY = new Date('2030-03-04T00:00:00Z');
const at = (dayOfWeek: number, hour: number) =>
  new Date(MONDAY.getTime() + (dayOfWeek * 24 + hour) * 3_600_000);
const route: RouteInfo = { name: 'Colombo North', storeId: 1, storeCity: 'Colombo', maxDeliveryHours: 4 };
const slot = (id: number | null, day: number, hour: number, length = 4): Slot =>
  deliverySlot(at(day, hour), length, id);
const driver: CrewMember = {
  employeeId: 1,
  name: 'Sunil Bandara',
  role: 'driver',
  storeId: 1,
  storeCity: 'Colombo',
  weeklyHourLimit: null,
};
const assistant: CrewMember = { ...driver, employeeId: 2, name: 'Kasun Madushanka', role: 'assistant' };

describe('weeks', () => {
  it('start on Monday 00:00 UTC and count the hours of deliveries starting in them', () => {
    expect(weekStart(at(0, 0))).toEqual(MONDAY);
    expect(weekStart(at(6, 23.9))).toEqual(MONDAY);
    expect(weekStart(at(7, 0))).toEqual(at(7, 0));
    expect(weekStart(new Date('2030-03-03T23:59:00Z'))).toEqual(new Date('2030-02-25T00:00:00Z'));
    expect(hoursInWeek([slot(1, 0, 1), slot(2, 6, 22), slot(3, 7, 1)], MONDAY)).toBe(8);
  });
});

describe('truck rules', () => {
  const truck = { plateNumber: 'WP LA-4521', status: 'Available', storeId: 1, storeCity: 'Colombo' };
  it('refuses a truck under repair (naming its note), or based at another store; In Service runs', () => {
    expect(
      truckViolation(
        { ...truck, status: 'Under Repair', statusNote: 'clutch replaced, back Friday' },
        route,
        [],
        slot(null, 0, 8),
      ),
    ).toMatchObject({
      rule: 'truck-status',
      detail: 'Truck WP LA-4521 is Under Repair (clutch replaced, back Friday) and cannot take new runs',
    });
    expect(truckViolation({ ...truck, status: 'In Service' }, route, [], slot(null, 0, 8))).toBeNull();
    expect(
      truckViolation({ ...truck, storeId: 2, storeCity: 'Galle' }, route, [], slot(null, 0, 8))?.detail,
    ).toBe(
      'Truck WP LA-4521 is based at the Galle store, but route Colombo North starts at the Colombo store',
    );
  });
  it('refuses overlapping deliveries and accepts back-to-back ones', () => {
    expect(truckViolation(truck, route, [slot(7, 0, 8)], slot(null, 0, 11))).toMatchObject({
      rule: 'overlap',
    });
    expect(truckViolation(truck, route, [slot(7, 0, 8)], slot(null, 0, 11))?.detail).toMatch(
      /^Truck WP LA-4521 is already on delivery 7 from 4 Mar 2030, 13:30 to 4 Mar 2030, 17:30/,
    );
    expect(truckViolation(truck, route, [slot(7, 0, 8)], slot(null, 0, 12))).toBeNull();
    expect(truckViolation(truck, route, [slot(7, 0, 8)], slot(null, 0, 4))).toBeNull();
  });
  it('does not clash with the delivery being edited', () => {
    expect(truckViolation(truck, route, [slot(7, 0, 8)], slot(7, 0, 9))).toBeNull();
  });
});

describe('driver rules', () => {
  it('refuses an overlap', () => {
    expect(crewViolation(driver, route, [slot(3, 1, 8)], slot(null, 1, 10))).toMatchObject({
      rule: 'overlap',
      detail: expect.stringMatching(/^Driver Sunil Bandara is already on delivery 3/),
    });
  });
  it('needs the rest between two deliveries, before and after', () => {
    const before = crewViolation(driver, route, [slot(3, 1, 8)], slot(null, 1, 12.5));
    expect(before).toMatchObject({ rule: 'driver-rest' });
    expect(before?.detail).toBe(
      'Driver Sunil Bandara needs at least 60 minutes of rest between deliveries (a driver is never on two consecutive deliveries): delivery 3 ends at 5 Mar 2030, 17:30',
    );
    expect(crewViolation(driver, route, [slot(3, 1, 8)], slot(null, 1, 3.5))?.rule).toBe('driver-rest');
    expect(crewViolation(driver, route, [slot(3, 1, 8)], slot(null, 1, 13))).toBeNull();
    expect(crewViolation(driver, route, [slot(3, 1, 8)], slot(null, 1, 3))).toBeNull();
  });
  it('keeps a driver within 40 hours a week', () => {
    const week = [slot(1, 0, 0, 10), slot(2, 1, 0, 10), slot(3, 2, 0, 10)];
    expect(crewViolation(driver, route, week, slot(null, 3, 0, 10))).toBeNull();
    const refused = crewViolation(driver, route, week, slot(null, 3, 0, 10.5));
    expect(refused).toMatchObject({ rule: 'weekly-hours' });
    expect(refused?.detail).toBe(
      'Driver Sunil Bandara would work 40.5 h in the week of 2030-03-04, above the weekly limit of 40 h',
    );
    // the hours of the next week do not count
    expect(crewViolation(driver, route, week, slot(null, 7, 0, 12))).toBeNull();
  });
  it('applies a lower personal limit', () => {
    const partTime = { ...driver, weeklyHourLimit: 20 };
    expect(crewViolation(partTime, route, [slot(1, 0, 0, 18)], slot(null, 2, 0, 4))?.rule).toBe(
      'weekly-hours',
    );
    expect(crewViolation({ ...driver, weeklyHourLimit: 80 }, route, [], slot(null, 2, 0, 41))?.rule).toBe(
      'weekly-hours',
    );
  });
  it('refuses a driver of another store, and accepts one without a store', () => {
    const galle = { ...driver, storeId: 2, storeCity: 'Galle' };
    expect(crewViolation(galle, route, [], slot(null, 0, 8))?.detail).toBe(
      'Driver Sunil Bandara works at the Galle store, but route Colombo North starts at the Colombo store',
    );
    expect(crewViolation({ ...driver, storeId: null }, route, [], slot(null, 0, 8))).toBeNull();
  });
});

describe('assistant rules', () => {
  it('allows two consecutive deliveries and refuses a third without rest', () => {
    const first = slot(1, 2, 6);
    const second = slot(2, 2, 10.5); // 30 min after the first
    expect(crewViolation(assistant, route, [first], second)).toBeNull();
    const third = crewViolation(assistant, route, [first, second], slot(null, 2, 15));
    expect(third).toMatchObject({ rule: 'assistant-consecutive' });
    expect(third?.detail).toBe(
      'Assistant Kasun Madushanka would be on 3 consecutive deliveries without a 60-minute rest (delivery 1, delivery 2, this one); an assistant may do at most 2 in a row',
    );
    // a third after a full rest is fine
    expect(crewViolation(assistant, route, [first, second], slot(null, 2, 15.5))).toBeNull();
    // a delivery wedged between two others that already run back to back with it
    expect(crewViolation(assistant, route, [slot(1, 3, 0), slot(2, 3, 9)], slot(null, 3, 4.5))?.rule).toBe(
      'assistant-consecutive',
    );
  });
  it('keeps an assistant within 60 hours a week and never on two deliveries at once', () => {
    const week = [0, 1, 2, 3, 4].map((d) => slot(d + 1, d, 0, 12));
    expect(crewViolation(assistant, route, week, slot(null, 5, 0, 1))?.rule).toBe('weekly-hours');
    expect(crewViolation(assistant, route, week.slice(1), slot(null, 5, 0, 12))).toBeNull();
    expect(crewViolation(assistant, route, [slot(9, 5, 0, 12)], slot(null, 5, 11, 2))?.rule).toBe('overlap');
  });
});
