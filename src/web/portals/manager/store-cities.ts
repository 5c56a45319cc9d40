import type { Route } from '#shared/contract/deliveries';

/** The cities with a store, from the routes that start there, in name order. */
export function storeCities(routes: readonly Route[] | undefined): string[] {
  return [...new Set((routes ?? []).map((r) => r.store_city))].sort((a, b) => a.localeCompare(b));
}
