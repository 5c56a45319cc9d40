import { useMutation } from '@tanstack/react-query';
import type { Route } from '#shared/contract/deliveries';
import type { RouteRequest } from '#shared/contract/fleet';
import { api } from '#web/lib/api-client';
import { fleetEndpoints } from './fleet-keys';
import { useRefreshAfterFleetChange } from './refresh-after-fleet-change';

/** POST /routes/routes, or PUT /routes/routes/{id} with `id` (admins). */
export function useSaveRoute() {
  const refresh = useRefreshAfterFleetChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RouteRequest }) =>
      api<Route>(id === null ? fleetEndpoints.routes : fleetEndpoints.route(id), {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: refresh,
  });
}
