import { useQuery } from '@tanstack/react-query';
import type { ProposalView } from '#shared/contract/planning';
import { api } from '#web/lib/api-client';
import { planningEndpoints, planningKeys } from './planning-keys';

/** GET /planning/proposals/{id}: a proposal of the signed-in manager. */
export function useProposal(id: number | null) {
  return useQuery({
    queryKey: planningKeys.proposal(id ?? 0),
    queryFn: ({ signal }) => api<ProposalView>(planningEndpoints.proposal(id!), { signal }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
