import { useQuery } from '@tanstack/react-query';
import type { City } from '#shared/contract/fleet';
import { apiList } from '#web/lib/api-client';
import { fleetEndpoints, fleetKeys } from './fleet-keys';

/** GET /cities: the served cities and the store each has, for the store form. */
export function useCities() {
  return useQuery({
    queryKey: fleetKeys.cities,
    queryFn: ({ signal }) => apiList<City>(fleetEndpoints.cities, { signal }),
  });
}
