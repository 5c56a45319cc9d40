import { useQuery } from '@tanstack/react-query';
import type { Store } from '#shared/contract/stores';
import { apiList } from '#web/lib/api-client';
import { fleetEndpoints, fleetKeys } from './fleet-keys';

/** GET /stores */
export function useFleetStores() {
  return useQuery({
    queryKey: fleetKeys.stores,
    queryFn: ({ signal }) => apiList<Store>(fleetEndpoints.stores, { signal }),
  });
}
