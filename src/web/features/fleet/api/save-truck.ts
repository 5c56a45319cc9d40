import { useMutation } from '@tanstack/react-query';
import type { Truck } from '#shared/contract/deliveries';
import type { TruckRequest } from '#shared/contract/fleet';
import { api } from '#web/lib/api-client';
import { fleetEndpoints } from './fleet-keys';
import { useRefreshAfterFleetChange } from './refresh-after-fleet-change';

/** POST /Trucks/trucks, or PUT /Trucks/trucks/{id} with `id` (admins). */
export function useSaveTruck() {
  const refresh = useRefreshAfterFleetChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TruckRequest }) =>
      api<Truck>(id === null ? fleetEndpoints.trucks : fleetEndpoints.truck(id), {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: refresh,
  });
}
