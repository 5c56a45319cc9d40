import { useQuery } from '@tanstack/react-query';
import type { Route } from '#shared/contract/deliveries';
import { apiList } from '#web/lib/api-client';
import { fleetEndpoints, fleetKeys } from './fleet-keys';

/** GET /routes/routes */
export function useFleetRoutes() {
  return useQuery({
    queryKey: fleetKeys.routes,
    queryFn: ({ signal }) => apiList<Route>(fleetEndpoints.routes, { signal }),
  });
}
