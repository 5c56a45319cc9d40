import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanRequest, ProposalView } from '#shared/contract/planning';
import { api } from '#web/lib/api-client';
import { planningEndpoints, planningKeys } from './planning-keys';

/** POST /planning/proposals: computes and keeps a proposal (nothing else changes). */
export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanRequest) =>
      api<ProposalView>(planningEndpoints.proposals, { method: 'POST', body }),
    onSuccess: (proposal) => {
      queryClient.setQueryData(planningKeys.proposal(proposal.proposal_id), proposal);
      return queryClient.invalidateQueries({ queryKey: planningKeys.current() });
    },
  });
}

/**
 * POST /planning/proposals/{id}/commit: applies it; every schedule and order list changes. A
 * refused commit may have ended the proposal (decision 0060): it is read again to show so.
 */
export function useCommitProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<ProposalView>(planningEndpoints.commit(id), { method: 'POST' }),
    onSuccess: async (proposal) => {
      queryClient.setQueryData(planningKeys.proposal(proposal.proposal_id), proposal);
      // trains, trucks, orders and dashboards all moved
      await queryClient.invalidateQueries({
        predicate: (q) => !(q.queryKey[0] === 'planning' && q.queryKey[1] === 'proposal'),
      });
    },
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: planningKeys.proposal(id) }),
  });
}

/** DELETE /planning/proposals/{id}: discards an open proposal. */
export function useDiscardProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(planningEndpoints.proposal(id), { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: planningKeys.proposal(id) });
      return queryClient.invalidateQueries({ queryKey: planningKeys.current() });
    },
  });
}
