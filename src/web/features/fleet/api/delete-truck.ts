import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { fleetEndpoints } from './fleet-keys';
import { useRefreshAfterFleetChange } from './refresh-after-fleet-change';

/** DELETE /Trucks/trucks/{id}: a truck that never had a run (admins). */
export function useDeleteTruck() {
  const refresh = useRefreshAfterFleetChange();
  return useMutation({
    mutationFn: (id: number) => api<void>(fleetEndpoints.truck(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
