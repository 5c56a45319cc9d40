import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { fleetEndpoints } from './fleet-keys';
import { useRefreshAfterFleetChange } from './refresh-after-fleet-change';

/** DELETE /stores/{id}: a store nothing belongs to (admins). */
export function useDeleteStore() {
  const refresh = useRefreshAfterFleetChange();
  return useMutation({
    mutationFn: (id: number) => api<void>(fleetEndpoints.store(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
