import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { fleetEndpoints } from './fleet-keys';
import { useRefreshAfterFleetChange } from './refresh-after-fleet-change';

/** DELETE /routes/routes/{id}: a route no order or run refers to (admins). */
export function useDeleteRoute() {
  const refresh = useRefreshAfterFleetChange();
  return useMutation({
    mutationFn: (id: number) => api<void>(fleetEndpoints.route(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
