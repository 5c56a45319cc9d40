import { PackageCheck, Truck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FailureReason } from '#shared/contract/crew';
import { Alert } from '#web/components/ui/alert';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import {
  useConfirmItems,
  useQueuedConfirmations,
  useQueueFlusher,
} from '#web/features/crew/api/confirm-items';
import { useFailItem } from '#web/features/crew/api/fail-item';
import { useFailOrder } from '#web/features/crew/api/fail-order';
import { useAssignments } from '#web/features/crew/api/get-assignments';
import { useDeliveryItems } from '#web/features/crew/api/get-delivery-items';
import { ConfirmItemsDialog } from '#web/features/crew/components/confirm-items-dialog';
import { FailItemDialog } from '#web/features/crew/components/fail-item-dialog';
import { FailOrderDialog } from '#web/features/crew/components/fail-order-dialog';
import { StopCard } from '#web/features/crew/components/stop-card';
import type { FlushResult } from '#web/features/crew/lib/confirmation-queue';
import { crewText, reasonName } from '#web/features/crew/lib/crew-texts';
import { groupStops, type Stop, type StopItem } from '#web/features/crew/lib/group-items';
import { useT } from '#web/i18n/provider';
import { NotLinkedToEmployee } from '../not-linked';
import { useCrewEmployeeId } from '../use-crew-member';

interface Confirming {
  stop: Stop;
  items: StopItem[];
}

/** /assistant/confirmation: the stops of a delivery on the road, confirmed item by item. */
export function ConfirmationPage() {
  const t = useT();
  const employeeId = useCrewEmployeeId();
  const assignments = useAssignments(employeeId);
  const [params, setParams] = useSearchParams();
  const active = (assignments.data ?? []).filter((a) => a.status === 'In Transit');
  const wanted = Number(params.get('delivery'));
  // a run that just ended (its last stop settled) stays on screen when asked for, to read
  const ended = (assignments.data ?? []).find(
    (a) => a.delivery_id === wanted && (a.status === 'Delivered' || a.status === 'Failed'),
  );
  const delivery = active.find((a) => a.delivery_id === wanted) ?? ended ?? active[0] ?? null;
  const finished = delivery !== null && delivery.status !== 'In Transit';
  const items = useDeliveryItems(delivery?.delivery_id ?? null);
  const queued = useQueuedConfirmations();
  const confirm = useConfirmItems();
  const fail = useFailOrder(delivery?.delivery_id ?? 0);
  const failItem = useFailItem(delivery?.delivery_id ?? 0);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [failing, setFailing] = useState<Stop | null>(null);
  const [failingItem, setFailingItem] = useState<StopItem | null>(null);
  const [outcome, setOutcome] = useState<FlushResult | null>(null);
  const [reported, setReported] = useState<string | null>(null);
  useQueueFlusher(useCallback((r: FlushResult) => setOutcome(r), []));

  const stops = delivery && items.data ? groupStops(items.data, queued.data ?? [], delivery.delivery_id) : [];
  const waiting = (queued.data ?? []).length;

  let body: React.ReactNode;
  if (employeeId === null) body = <NotLinkedToEmployee />;
  else if (assignments.isPending) body = <Loading label={t('crew.confirmation.loading')} />;
  else if (!assignments.data)
    body = (
      <LoadError
        title={t('crew.confirmation.loadFailed')}
        error={assignments.error}
        onRetry={() => assignments.refetch()}
      />
    );
  else if (!delivery)
    body = (
      <Card>
        <EmptyState
          icon={Truck}
          title={t('crew.confirmation.empty')}
          description={t('crew.confirmation.emptyLead')}
        />
      </Card>
    );
  else if (items.isPending) body = <Loading label={t('crew.confirmation.loadingItems')} />;
  else if (!items.data)
    body = (
      <LoadError
        title={t('crew.confirmation.itemsFailed')}
        error={items.error ?? new Error(t('crew.common.loadFailed'))}
        onRetry={() => items.refetch()}
      />
    );
  else if (stops.length === 0)
    body = (
      <Card>
        <EmptyState icon={PackageCheck} title={t('crew.confirmation.noItems')} />
      </Card>
    );
  else
    body = (
      <ul className="space-y-4">
        {stops.map((stop) => (
          <li key={stop.order_id}>
            <StopCard
              stop={stop}
              disabledReason={finished ? t('crew.confirmation.ended', { id: delivery.delivery_id }) : null}
              onConfirm={(entries) => setConfirming({ stop, items: entries })}
              onFailItem={(entry) => {
                failItem.reset();
                setFailingItem(entry);
              }}
              onFail={() => {
                fail.reset();
                setFailing(stop);
              }}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHeader
        title={t('nav.confirmation')}
        description={
          delivery
            ? t('crew.confirmation.lead', {
                id: delivery.delivery_id,
                route: delivery.route_name,
                plate: delivery.plate_number,
              })
            : t('crew.confirmation.leadEmpty')
        }
      />
      {active.length > 1 && (
        <fieldset className="mb-4 flex flex-wrap gap-2">
          <legend className="sr-only">{t('crew.confirmation.active')}</legend>
          {active.map((a) => (
            <button
              key={a.delivery_id}
              type="button"
              aria-pressed={a.delivery_id === delivery?.delivery_id}
              onClick={() => setParams({ delivery: String(a.delivery_id) })}
              className="rounded-full border border-slate-300 px-3 py-1 text-sm aria-pressed:border-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white"
            >
              #{a.delivery_id} {a.route_name}
            </button>
          ))}
        </fieldset>
      )}
      <div className="mb-4 space-y-3">
        {finished && (
          <Alert variant={delivery.status === 'Failed' ? 'warning' : 'success'}>
            {delivery.status === 'Failed'
              ? t('crew.confirmation.endedFailed', { id: delivery.delivery_id })
              : t('crew.confirmation.complete', { id: delivery.delivery_id })}
          </Alert>
        )}
        {waiting > 0 && (
          <Alert variant="warning" title={t('crew.queue.waiting', { count: waiting })}>
            {t('crew.queue.waitingLead')}
          </Alert>
        )}
        {outcome && outcome.refused.length > 0 && (
          <Alert variant="error" title={t('crew.queue.refused')} onDismiss={() => setOutcome(null)}>
            <ul className="list-disc pl-4">
              {outcome.refused.map((r) => (
                <li key={r.item.confirmation_id}>{crewText(t, r.detail)}</li>
              ))}
            </ul>
          </Alert>
        )}
        {reported && (
          <Alert variant="success" onDismiss={() => setReported(null)}>
            {reported}
          </Alert>
        )}
        {confirm.isError && (
          <Alert variant="error" title={t('crew.queue.notKept')} onDismiss={() => confirm.reset()}>
            {crewText(t, confirm.error.message)}
          </Alert>
        )}
      </div>
      {body}
      {confirming && delivery && (
        <ConfirmItemsDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          customerName={confirming.stop.customer_name}
          what={
            confirming.items.length === 1
              ? `${confirming.items[0]!.item.product_name} x ${confirming.items[0]!.item.quantity}`
              : t('crew.confirm.allItems', { count: confirming.items.length, id: confirming.stop.order_id })
          }
          onConfirm={(values) => {
            const chosen = confirming;
            setConfirming(null);
            confirm.mutate(
              {
                deliveryId: delivery.delivery_id,
                items: chosen.items.map((e) => ({
                  order_id: e.item.order_id,
                  product_id: e.item.product_id,
                })),
                ...values,
              },
              { onSuccess: (r) => setOutcome(r) },
            );
          }}
        />
      )}
      {failing && delivery && (
        <FailOrderDialog
          open
          onOpenChange={(open) => !open && setFailing(null)}
          orderId={failing.order_id}
          customerName={failing.customer_name}
          pending={fail.isPending}
          error={fail.isError ? crewText(t, fail.error.message) : null}
          onFail={(reason: FailureReason, note) =>
            fail.mutate(
              { orderId: failing.order_id, reason, note },
              {
                onSuccess: (r) => {
                  setReported(
                    t('crew.failOrder.done', {
                      id: failing.order_id,
                      customer: failing.customer_name,
                      reason: reasonName(t, reason),
                      partly: r.delivered_items > 0 ? 'yes' : 'no',
                      count: r.failed_items,
                    }),
                  );
                  setFailing(null);
                },
              },
            )
          }
        />
      )}
      {failingItem && delivery && (
        <FailItemDialog
          open
          onOpenChange={(open) => !open && setFailingItem(null)}
          what={`${failingItem.item.product_name} x ${failingItem.item.quantity}`}
          orderId={failingItem.item.order_id}
          pending={failItem.isPending}
          error={failItem.isError ? crewText(t, failItem.error.message) : null}
          onFail={(reason, note) =>
            failItem.mutate(
              {
                order_id: failingItem.item.order_id,
                product_id: failingItem.item.product_id,
                reason,
                note,
              },
              {
                onSuccess: () => {
                  setReported(
                    t('crew.failItem.done', {
                      product: failingItem.item.product_name,
                      id: failingItem.item.order_id,
                      reason: reasonName(t, reason),
                    }),
                  );
                  setFailingItem(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
