import { useQuery } from '@tanstack/react-query';
import type { Route, Truck } from '#shared/contract/deliveries';
import { apiList } from '#web/lib/api-client';
import { deliveryEndpoints, deliveryKeys } from './delivery-keys';

/** GET /Trucks/trucks (a list fetch; errors surface as the query's error). */
export function useTrucks() {
  return useQuery({
    queryKey: deliveryKeys.trucks,
    queryFn: ({ signal }) => apiList<Truck>(deliveryEndpoints.trucks, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /routes/routes */
export function useRoutes() {
  return useQuery({
    queryKey: deliveryKeys.routes,
    queryFn: ({ signal }) => apiList<Route>(deliveryEndpoints.routes, { signal }),
    staleTime: 5 * 60_000,
  });
}
