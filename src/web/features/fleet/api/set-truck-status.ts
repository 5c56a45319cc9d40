import { useMutation } from '@tanstack/react-query';
import type { Truck } from '#shared/contract/deliveries';
import type { TruckStatusRequest } from '#shared/contract/fleet';
import { api } from '#web/lib/api-client';
import { fleetEndpoints } from './fleet-keys';
import { useRefreshAfterFleetChange } from './refresh-after-fleet-change';

/** PATCH /Trucks/trucks/{id}/status (managers and admins). */
export function useSetTruckStatus() {
  const refresh = useRefreshAfterFleetChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TruckStatusRequest }) =>
      api<Truck>(fleetEndpoints.truckStatus(id), { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}
