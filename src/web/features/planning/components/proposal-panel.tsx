import { Check, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { PROPOSAL_LIFETIME_MINUTES, type ProposalView } from '#shared/contract/planning';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { formatDate, formatSpace } from '#web/lib/format';
import { colomboTime, proposalExpiry, timeLeft, useNow } from '../lib/expiry';
import { PlanTrainBoard } from './plan-train-board';
import { PlannedDeliveries } from './planned-deliveries';
import { ProposalFigures } from './proposal-figures';
import { UnplannedList } from './unplanned-list';
import { WeekTimeline } from './week-timeline';

export interface ProposalPanelProps {
  proposal: ProposalView;
  onCommit: () => void;
  onDiscard: () => void;
  /** Plans the proposal's period again (offered once it has expired). */
  onPlanAgain: () => void;
  committing: boolean;
  discarding: boolean;
  planning: boolean;
  /** Why the last commit or discard was refused. */
  error: string | null;
}

/** A proposal: figures, train board, timelines, deliveries and unplanned orders; commit or discard. */
export function ProposalPanel({
  proposal,
  onCommit,
  onDiscard,
  onPlanAgain,
  committing,
  discarding,
  planning,
  error,
}: ProposalPanelProps) {
  const [confirm, setConfirm] = useState<'commit' | 'discard' | null>(null);
  const open = proposal.status === 'Open';
  const now = useNow(15_000, Date.parse(proposal.expires_at));
  const expiry = proposalExpiry(proposal, now);
  const expired = open && expiry.expired;
  const reasonId = `proposal-${proposal.proposal_id}-expired`;
  const approvals = proposal.figures.orders_to_approve;
  const trucks = proposal.trucks.map((t) => ({
    id: t.truck_id,
    label: t.plate_number,
    detail: `${t.store_city} · ${formatSpace(t.capacity)} u${t.status === 'Available' ? '' : ` · ${t.status}`}`,
    items: t.items,
  }));
  const crew = proposal.crew.map((c) => ({
    id: c.employee_id,
    label: c.name,
    detail: (
      <>
        {c.role === 'driver' ? 'Driver' : 'Assistant'} · {c.hours_before} → <strong>{c.hours_after} h</strong>{' '}
        of {c.weekly_limit} h
      </>
    ),
    items: c.items,
  }));
  return (
    <section aria-labelledby="proposal-title">
      <Card className="mb-6">
        <CardHeader
          className="flex-col sm:flex-row"
          title={
            <span id="proposal-title" className="flex flex-wrap items-center gap-2">
              Proposal {proposal.proposal_id}
              <Badge tone={!open ? 'success' : expired ? 'warning' : 'info'}>
                {!open ? 'Committed' : expired ? 'Expired' : 'Not applied yet'}
              </Badge>
            </span>
          }
          description={
            <>
              {formatDate(proposal.from)} to {formatDate(proposal.to)} · computed at{' '}
              {colomboTime(proposal.created_at, now)}
              {proposal.committed_at
                ? `, committed at ${colomboTime(proposal.committed_at, now)} (Colombo time)`
                : open && (
                    <>
                      ,{' '}
                      <span className={expiry.minutesLeft <= 5 ? 'font-medium text-amber-800' : undefined}>
                        {expired
                          ? `expired at ${expiry.at} (Colombo time)`
                          : `expires at ${expiry.at} (Colombo time), ${timeLeft(expiry.minutesLeft)}`}
                      </span>
                    </>
                  )}
            </>
          }
          actions={
            open && (
              <>
                <Button
                  variant="secondary"
                  onClick={() => setConfirm('discard')}
                  loading={discarding}
                  disabled={committing}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Discard
                </Button>
                {expired && (
                  <Button variant="secondary" onClick={onPlanAgain} loading={planning}>
                    <RefreshCw aria-hidden="true" className="size-4" />
                    Plan again
                  </Button>
                )}
                <Button
                  onClick={() => setConfirm('commit')}
                  loading={committing}
                  aria-describedby={expired ? reasonId : undefined}
                  disabled={
                    expired ||
                    discarding ||
                    (proposal.bookings.length === 0 && proposal.deliveries.length === 0)
                  }
                >
                  <Check aria-hidden="true" className="size-4" />
                  Commit
                </Button>
              </>
            )
          }
        />
        {error && (
          <div className="px-5 pt-4">
            <Alert variant="error" title="The plan was not applied">
              {error}
            </Alert>
          </div>
        )}
        {expired && (
          <div className="px-5 pt-4">
            <Alert variant="warning" title="This proposal has expired: plan again">
              <p id={reasonId}>
                Commit is off: the proposal expired at {expiry.at} (Colombo time). A proposal can be committed
                for {PROPOSAL_LIFETIME_MINUTES} minutes after it is computed, and not at all once a commit
                found that trains, trucks, crews or orders changed. Plan again for one made from today's
                schedule; nothing of this one was applied.
              </p>
            </Alert>
          </div>
        )}
        {!open && (
          <div className="px-5 pt-4">
            <Alert variant="success" title="Plan committed">
              {proposal.bookings.length} train bookings and {proposal.deliveries.length} deliveries with their
              crews are scheduled; the orders show as Scheduled with their trains and trucks.
            </Alert>
          </div>
        )}
        <div className="p-5">
          <ProposalFigures figures={proposal.figures} />
          <Tabs defaultValue="trains">
            <TabsList className="flex-wrap">
              <TabsTrigger value="trains">Train board</TabsTrigger>
              <TabsTrigger value="trucks">Trucks timeline</TabsTrigger>
              <TabsTrigger value="crew">Crew timeline</TabsTrigger>
              <TabsTrigger value="deliveries">Deliveries ({proposal.deliveries.length})</TabsTrigger>
              <TabsTrigger value="unplanned">Unplanned ({proposal.unplanned.length})</TabsTrigger>
            </TabsList>
            <TabsContent value="trains" className="-mx-5">
              <PlanTrainBoard trips={proposal.trips} />
            </TabsContent>
            <TabsContent value="trucks" className="-mx-5">
              <WeekTimeline caption="Truck" rows={trucks} from={proposal.from} to={proposal.to} />
            </TabsContent>
            <TabsContent value="crew" className="-mx-5">
              <WeekTimeline caption="Crew member" rows={crew} from={proposal.from} to={proposal.to} />
            </TabsContent>
            <TabsContent value="deliveries" className="-mx-5">
              <PlannedDeliveries deliveries={proposal.deliveries} />
            </TabsContent>
            <TabsContent value="unplanned" className="-mx-5">
              <UnplannedList unplanned={proposal.unplanned} />
            </TabsContent>
          </Tabs>
        </div>
      </Card>
      <ConfirmDialog
        open={confirm === 'commit'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Commit this plan?"
        description={`This books ${proposal.bookings.length} train legs, approves ${approvals} pending orders and schedules ${proposal.deliveries.length} truck deliveries with their crews, all at once. Every rule is checked again first; if anything changed, nothing is applied.`}
        confirmLabel="Commit plan"
        onConfirm={() => {
          setConfirm(null);
          onCommit();
        }}
      />
      <ConfirmDialog
        open={confirm === 'discard'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Discard this proposal?"
        description="Nothing of it has been applied; it will be deleted."
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          setConfirm(null);
          onDiscard();
        }}
      />
    </section>
  );
}
