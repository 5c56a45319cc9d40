import { useQuery } from '@tanstack/react-query';
import type { CurrentProposal } from '#shared/contract/planning';
import { api } from '#web/lib/api-client';
import { planningEndpoints, planningKeys } from './planning-keys';

/**
 * GET /planning/proposals/current: the signed-in manager's latest open proposal that has not
 * expired, to reopen after a reload. Read fresh each time the planner opens (nothing cached).
 */
export function useCurrentProposal(enabled: boolean) {
  return useQuery({
    queryKey: planningKeys.current(),
    queryFn: ({ signal }) => api<CurrentProposal>(planningEndpoints.current, { signal }),
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}
