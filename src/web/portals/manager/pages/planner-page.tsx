import { useEffect, useState } from 'react';
import { addDays, businessDate } from '#shared/dates';
import { Alert } from '#web/components/ui/alert';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useCurrentProposal } from '#web/features/planning/api/get-current-proposal';
import { useProposal } from '#web/features/planning/api/get-proposal';
import {
  useCommitProposal,
  useCreateProposal,
  useDiscardProposal,
} from '#web/features/planning/api/save-proposal';
import { PlanForm } from '#web/features/planning/components/plan-form';
import { ProposalPanel } from '#web/features/planning/components/proposal-panel';
import { useUrlFilters } from '../use-url-filters';

/**
 * /manager/planner: plan a period's trains, trucks and crews in one step, then commit or discard.
 * The open proposal is in the URL; opened without one, the page reopens the manager's latest open
 * proposal that has not expired (GET /planning/proposals/current, docs/decisions/0060), once.
 */
export function PlannerPage() {
  const { params, update } = useUrlFilters();
  const tomorrow = addDays(businessDate(new Date()), 1);
  const from = params.get('from') ?? tomorrow;
  const to = params.get('to') ?? addDays(from, 6);
  const linked = Number(params.get('proposal'));
  const proposalId = Number.isInteger(linked) && linked > 0 ? linked : null;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [discarded, setDiscarded] = useState(false);
  const [restoring, setRestoring] = useState(proposalId === null);
  const [reopened, setReopened] = useState<number | null>(null);
  const [syncPeriod, setSyncPeriod] = useState(false);
  const create = useCreateProposal();
  const commit = useCommitProposal();
  const discard = useDiscardProposal();
  const proposal = useProposal(proposalId);
  const current = useCurrentProposal(restoring);

  // only on arrival: a proposal discarded or committed later is not replaced by an older one
  useEffect(() => {
    if (!restoring || current.isPending) return;
    setRestoring(false);
    const found = current.data?.proposal_id ?? null;
    if (found !== null && proposalId === null) {
      setReopened(found);
      setSyncPeriod(true);
      update({ proposal: String(found) });
    }
  }, [restoring, current.isPending, current.data, proposalId, update]);

  // the form shows the reopened proposal's period, once it is loaded
  useEffect(() => {
    if (!syncPeriod || !proposal.data) return;
    setSyncPeriod(false);
    const { from: pFrom, to: pTo } = proposal.data;
    if (pFrom !== from || pTo !== to) update({ from: pFrom, to: pTo });
  }, [syncPeriod, proposal.data, from, to, update]);

  const plan = (period = { from, to }) => {
    commit.reset();
    setDiscarded(false);
    setReopened(null);
    create.mutate(
      { ...period, pending_order_ids: [...selected] },
      { onSuccess: (p) => update({ proposal: String(p.proposal_id), from: p.from, to: p.to }) },
    );
  };

  return (
    <div>
      <PageHeader
        title="Dispatch Planner"
        description="Plan the period's trains, trucks and crews in one step. Nothing changes until you commit, and every rule is checked again then."
      />
      <PlanForm
        from={from}
        to={to}
        onPeriod={(p) => {
          setSelected(new Set());
          update({ from: p.from, to: p.to });
        }}
        selected={selected}
        onSelect={setSelected}
        onPlan={() => plan()}
        planning={create.isPending}
      />
      {create.isError && (
        <Alert variant="error" title="Could not plan" className="mb-6">
          {create.error.message}
        </Alert>
      )}
      {current.isError && (
        <Alert variant="warning" className="mb-6">
          Could not look for your open proposal: {current.error.message}
        </Alert>
      )}
      {reopened !== null && reopened === proposalId && (
        <Alert variant="info" className="mb-6" onDismiss={() => setReopened(null)}>
          Your open proposal {reopened} was reopened where you left it.
        </Alert>
      )}
      {discarded && (
        <Alert variant="info" className="mb-6" onDismiss={() => setDiscarded(false)}>
          The proposal was discarded; nothing was applied.
        </Alert>
      )}
      {proposalId === null && restoring && <Loading label="Looking for your open proposal…" />}
      {proposalId !== null &&
        (proposal.isPending ? (
          <Loading label="Loading the proposal…" />
        ) : proposal.isError ? (
          <LoadError
            title="Could not load the proposal"
            error={proposal.error}
            onRetry={() => proposal.refetch()}
          />
        ) : (
          <ProposalPanel
            proposal={proposal.data}
            committing={commit.isPending}
            discarding={discard.isPending}
            planning={create.isPending}
            onPlanAgain={() => plan({ from: proposal.data.from, to: proposal.data.to })}
            error={commit.error?.message ?? discard.error?.message ?? null}
            onCommit={() =>
              commit.mutate(proposal.data.proposal_id, { onSuccess: () => setSelected(new Set()) })
            }
            onDiscard={() =>
              discard.mutate(proposal.data.proposal_id, {
                onSuccess: () => {
                  setDiscarded(true);
                  update({ proposal: null });
                },
              })
            }
          />
        ))}
    </div>
  );
}
