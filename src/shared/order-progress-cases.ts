// Orders in every stage of ./order-progress.ts, for the tests that hold a text of it in another
// place to its words (the stage badge, the next step on the order page, the server's notices).
import type { OrderProgressFacts } from './order-progress';

const HOUR = 3_600_000;

/** Each stage with and without a city, one and several items, before and after `now`. */
export function progressCases(now: Date): OrderProgressFacts[] {
  const base: OrderProgressFacts = {
    status: 'Scheduled',
    items: 3,
    delivered: 0,
    returned: 0,
    failed: false,
    lastArrival: null,
    city: 'Galle',
  };
  return [
    { ...base, status: 'Pending' },
    base,
    { ...base, city: null },
    { ...base, lastArrival: new Date(now.getTime() + HOUR) },
    { ...base, lastArrival: new Date(now.getTime() + HOUR), city: 'Jaffna' },
    { ...base, lastArrival: new Date(now.getTime() - HOUR) },
    { ...base, lastArrival: new Date(now.getTime() - HOUR), city: null },
    { ...base, status: 'In Transit' },
    { ...base, status: 'Delivered', delivered: 3 },
    { ...base, status: 'Delivered', delivered: 2, returned: 1 },
    { ...base, status: 'Delivered', items: 1, delivered: 0, returned: 1 },
    { ...base, failed: true },
    { ...base, failed: true, city: null },
    { ...base, failed: true, delivered: 1 },
    { ...base, failed: true, delivered: 1, city: null },
    { ...base, failed: true, delivered: 2 },
    { ...base, failed: true, items: 1, delivered: 0 },
    { ...base, status: 'Cancelled' },
    { ...base, status: 'Cancelled', returned: 2 },
    { ...base, status: 'Cancelled', returned: 3 },
  ];
}
