import { useMutation } from '@tanstack/react-query';
import type { StoreRequest } from '#shared/contract/fleet';
import type { Store } from '#shared/contract/stores';
import { api } from '#web/lib/api-client';
import { fleetEndpoints } from './fleet-keys';
import { useRefreshAfterFleetChange } from './refresh-after-fleet-change';

/** POST /stores, or PUT /stores/{id} with `id` (admins). */
export function useSaveStore() {
  const refresh = useRefreshAfterFleetChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StoreRequest }) =>
      api<Store>(id === null ? fleetEndpoints.stores : fleetEndpoints.store(id), {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: refresh,
  });
}
