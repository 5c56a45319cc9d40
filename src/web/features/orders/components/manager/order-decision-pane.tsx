import { Check, PackageX, TrainFront, Truck, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderDetail } from '#shared/contract/orders';
import { Alert } from '#web/components/ui/alert';
import { StatusBadge } from '#web/components/ui/badge';
import { Button, buttonClasses } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { StageBadge } from '#web/components/ui/stage-badge';
import { formatDate, formatDateTime, formatSpace } from '#web/lib/format';
import { usePageTitle } from '#web/lib/page-title';
import { paths } from '#web/lib/paths';
import { useOrder } from '../../api/get-order';
import { useSetOrderStatus } from '../../api/order-decisions';
import { OrderItemsTable } from '../order-items-table';
import { ReturnToKandyDialog } from '../return-to-kandy-dialog';
import { AllocateTrainDialog } from './allocate-train-dialog';
import { RejectOrderDialog } from './reject-order-dialog';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Transport({ order }: { order: OrderDetail }) {
  const truck = order.truck_delivery;
  return (
    <>
      <Section title="Train">
        {order.train_legs.length === 0 ? (
          <p className="text-sm text-slate-600">Not booked on a train yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {order.train_legs.map((leg) => (
              <li key={leg.train_trip_id} className="text-slate-800">
                Trip {leg.train_trip_id} · {leg.train_name}: {formatSpace(leg.space)} units, departs{' '}
                {formatDateTime(leg.departure_date_time)}, arrives {formatDateTime(leg.arrival_date_time)}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Truck">
        {truck ? (
          <p className="text-sm text-slate-800">
            Delivery {truck.delivery_id} · {truck.route_name} · truck {truck.plate_number} ·{' '}
            {formatDateTime(truck.delivery_date_time)} · {truck.status}
            {truck.driver_name && ` · driver ${truck.driver_name}`}
          </p>
        ) : (
          <p className="text-sm text-slate-600">Not on a truck yet.</p>
        )}
      </Section>
    </>
  );
}

/**
 * An order back at the store after a failed delivery (decision 0058): what was not delivered and
 * the manager's two choices, load it on a truck again or send it back to Kandy.
 */
function FailedDelivery({ order, onReturn }: { order: OrderDetail; onReturn: () => void }) {
  const last = order.delivery_failures.at(-1)!;
  const loaded = order.truck_delivery;
  return (
    <Section title="Failed delivery">
      <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
        <p>
          Delivery {last.delivery_id} ({last.route_name}) at {formatDateTime(last.failed_at)} (Colombo):{' '}
          {last.delivered_items > 0
            ? `${last.delivered_items} handed over, ${last.failed_items} not`
            : `nothing handed over${last.reason ? `, ${last.reason.toLowerCase()}` : ''}`}
          .
        </p>
        <ul className="list-disc pl-5">
          {last.items.map((i) => (
            <li key={i.product_name}>
              {i.product_name} x {i.quantity}: {i.reason}
              {i.note && ` (${i.note})`}
            </li>
          ))}
        </ul>
        {loaded ? (
          <p>
            Re-planned: loaded on delivery {loaded.delivery_id} leaving{' '}
            {formatDateTime(loaded.delivery_date_time)}. To send it back to Kandy instead, take it off that
            truck first.
          </p>
        ) : (
          <p>
            The items wait at the {order.customer_city || 'city'} store: load them on a truck or send them
            back.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {!loaded && (
            <Link to={paths.manager.truck} className={buttonClasses('secondary', 'sm')}>
              <Truck aria-hidden="true" className="size-4" />
              Load on a truck
            </Link>
          )}
          <Button size="sm" variant="danger" disabled={loaded !== null} onClick={onReturn}>
            <PackageX aria-hidden="true" className="size-4" />
            Send back to Kandy
          </Button>
        </div>
      </div>
    </Section>
  );
}

/** The order detail pane of /manager/orders with Approve & Schedule, Allocate to Train and Reject. */
export function OrderDecisionPane({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  usePageTitle(`Order #${orderId}`);
  const approve = useSetOrderStatus(orderId);
  const [dialog, setDialog] = useState<'allocate' | 'reject' | 'return' | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (order.isPending) return <Loading label={`Loading order #${orderId}...`} />;
  if (order.isError) {
    return (
      <LoadError
        title={`Failed to load order #${orderId}`}
        error={order.error}
        onRetry={() => order.refetch()}
      />
    );
  }
  const o = order.data;
  const open = o.status === 'Pending' || o.status === 'Scheduled';
  const canAllocate = open && o.train_legs.length === 0;
  const partly = o.items.some((i) => i.state === 'delivered');
  const failed = o.status === 'Scheduled' && o.items.some((i) => i.state === 'awaiting_redelivery');
  return (
    <div className="space-y-5">
      <div>
        <h2 className="flex flex-wrap items-center gap-3 text-lg font-semibold text-slate-900">
          Order #{o.order_id} <StatusBadge status={o.status} />
          {o.customer_stage !== 'awaiting_approval' && (
            <StageBadge label={o.status_label} stage={o.customer_stage} />
          )}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {o.customer_name} · {o.customer_city || 'no city'} · placed {formatDateTime(o.order_date)}
        </p>
        <p className="text-sm text-slate-600">
          Requested delivery:{' '}
          <span className="font-medium text-slate-900">{formatDate(o.schedule_date)}</span>
        </p>
        <p className="text-sm text-slate-600">Address: {o.delivery_address || '—'}</p>
        {o.special_instructions && <p className="text-sm text-slate-600">Note: {o.special_instructions}</p>}
      </div>

      {done && (
        <Alert variant="success" onDismiss={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {approve.isError && (
        <Alert variant="error" title="The order was not approved" onDismiss={() => approve.reset()}>
          {approve.error.message}
        </Alert>
      )}
      {open && (
        <div className="flex flex-wrap gap-2">
          {o.status === 'Pending' && (
            <Button
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(
                  { status: 'Scheduled' },
                  { onSuccess: () => setDone(`Order #${o.order_id} approved and scheduled.`) },
                )
              }
            >
              {!approve.isPending && <Check aria-hidden="true" className="size-4" />}
              Approve &amp; Schedule
            </Button>
          )}
          {canAllocate && (
            <Button variant="secondary" onClick={() => setDialog('allocate')}>
              <TrainFront aria-hidden="true" className="size-4" />
              Allocate to Train
            </Button>
          )}
          {partly ? (
            <p className="text-sm text-slate-600">
              Partly delivered: it cannot be rejected; send the items not delivered back to Kandy instead.
            </p>
          ) : o.delivery_failures.length > 0 ? (
            <p className="text-sm text-slate-600">
              Back from a failed delivery, its goods are at the store: load it on a truck again, or send them
              back to Kandy (the order is then cancelled and credited).
            </p>
          ) : (
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => setDialog('reject')}
            >
              <X aria-hidden="true" className="size-4" />
              Reject
            </Button>
          )}
        </div>
      )}
      {failed && <FailedDelivery order={o} onReturn={() => setDialog('return')} />}

      <Transport order={o} />
      <Section title="Items">
        <div className="overflow-hidden rounded-lg border border-slate-200">
          <OrderItemsTable order={o} />
        </div>
      </Section>
      <Section title="History">
        <ol className="space-y-1.5 text-sm">
          {o.history.map((h) => (
            <li key={`${h.to_status}-${h.changed_at}`} className="text-slate-700">
              <span className="font-medium text-slate-900">{h.to_status}</span> ·{' '}
              {formatDateTime(h.changed_at)}
              {h.changed_by && ` · ${h.changed_by}`}
              {h.reason && <span className="block text-xs text-slate-500">{h.reason}</span>}
            </li>
          ))}
        </ol>
      </Section>
      <AllocateTrainDialog
        orderId={o.order_id}
        open={dialog === 'allocate'}
        onOpenChange={(v) => setDialog(v ? 'allocate' : null)}
        onDone={setDone}
      />
      {dialog === 'return' && (
        <ReturnToKandyDialog
          order={o}
          open
          onOpenChange={(v) => setDialog(v ? 'return' : null)}
          onDone={setDone}
        />
      )}
      <RejectOrderDialog
        orderId={o.order_id}
        open={dialog === 'reject'}
        onOpenChange={(v) => setDialog(v ? 'reject' : null)}
        onDone={setDone}
      />
    </div>
  );
}
