import type { Truck } from '#shared/contract/deliveries';

/**
 * Why a truck cannot take a run of a route of `storeId`, as text shown next to it ("Under Repair
 * (clutch being replaced)", "based in Galle"), or null. The server checks the same and more
 * (overlaps, capacity) when the run is saved.
 */
export function truckRefusal(truck: Truck, storeId: number | null): string | null {
  if (truck.status === 'Under Repair') {
    return `Under Repair${truck.status_note ? ` (${truck.status_note})` : ''}`;
  }
  if (storeId !== null && truck.store_id !== storeId) return `based in ${truck.store_city}`;
  return null;
}
