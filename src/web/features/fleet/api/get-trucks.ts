import { useQuery } from '@tanstack/react-query';
import type { Truck } from '#shared/contract/deliveries';
import { apiList } from '#web/lib/api-client';
import { fleetEndpoints, fleetKeys } from './fleet-keys';

/** GET /Trucks/trucks: every truck with its status, note and runs still to do. */
export function useFleetTrucks() {
  return useQuery({
    queryKey: fleetKeys.trucks,
    queryFn: ({ signal }) => apiList<Truck>(fleetEndpoints.trucks, { signal }),
  });
}
