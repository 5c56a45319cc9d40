import { useEffect, useState } from 'react';
import type { Delivery } from '#shared/contract/deliveries';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { LoadError } from '#web/components/ui/load-error';
import { Meter } from '#web/components/ui/meter';
import { Loading } from '#web/components/ui/spinner';
import { formatDate, formatDateTime, formatSpace } from '#web/lib/format';
import { useLoadableOrders } from '../api/get-loadable-orders';
import { useLoadOrders } from '../api/save-delivery';
import { chosenSpace, initiallyChosen } from '../lib/load-plan';

/** Tick the route's approved orders to put on the truck; the bar shows the space they take. */
export function LoadOrdersDialog({ delivery, onClose }: { delivery: Delivery | null; onClose: () => void }) {
  const id = delivery?.delivery_id ?? null;
  const orders = useLoadableOrders(id);
  const save = useLoadOrders(id ?? 0);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [startedFor, setStartedFor] = useState<number | null>(null);
  // tick what is on the truck once per opened delivery (a refetch after saving keeps the choice)
  if (orders.data && !orders.isPlaceholderData && startedFor !== id) {
    setStartedFor(id);
    setChosen(initiallyChosen(orders.data));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new delivery starts without the last result
  useEffect(() => {
    save.reset();
    if (id === null) setStartedFor(null);
  }, [id]);

  const capacity = delivery?.truck_capacity ?? 0;
  const used = chosenSpace(orders.data ?? [], chosen);
  const over = used > capacity;
  function toggle(orderId: number) {
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });
    save.reset();
  }

  return (
    <Dialog
      open={delivery !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={delivery ? `Load delivery ${delivery.delivery_id}` : 'Load delivery'}
      description={
        delivery
          ? `${delivery.route_name} · truck ${delivery.plate_number} · leaves ${formatDateTime(delivery.delivery_date_time)}`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={save.isPending}
            disabled={!orders.data || over}
            onClick={() => save.mutate([...chosen].sort((a, b) => a - b))}
          >
            Save load
          </Button>
        </>
      }
    >
      {orders.isPending ? (
        <Loading label="Loading the route's orders..." />
      ) : orders.isError ? (
        <LoadError title="Failed to load the orders" error={orders.error} onRetry={() => orders.refetch()} />
      ) : (
        <div className="space-y-4">
          <div>
            <Meter
              label="Space used on the truck"
              value={used}
              max={capacity}
              danger={100}
              warning={90}
              valueText={`${formatSpace(used)} / ${formatSpace(capacity)}`}
              className="[&>span]:w-28"
            />
            <p className={over ? 'mt-1 text-sm font-medium text-red-700' : 'mt-1 text-sm text-slate-600'}>
              {over
                ? `${formatSpace(used - capacity)} units over the truck's capacity`
                : `${formatSpace(capacity - used)} units of space left`}
            </p>
          </div>
          {orders.data.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              No approved orders for this route are waiting for a truck.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {orders.data.map((o) => {
                const blocked = o.reason !== null && !o.on_this_delivery;
                return (
                  <li key={o.order_id}>
                    <label
                      className={`flex items-start gap-3 px-3 py-2.5 text-sm ${blocked ? 'cursor-not-allowed bg-slate-50/70' : 'cursor-pointer hover:bg-slate-50'}`}
                    >
                      <input
                        type="checkbox"
                        className="mt-0.5"
                        checked={chosen.has(o.order_id)}
                        disabled={blocked}
                        onChange={() => toggle(o.order_id)}
                        aria-label={`Order #${o.order_id} for ${o.customer_name}`}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="flex flex-wrap justify-between gap-x-3">
                          <span className="font-medium text-slate-900">
                            #{o.order_id} · {o.customer_name}
                          </span>
                          <span className="tabular-nums text-slate-700">{formatSpace(o.space)} units</span>
                        </span>
                        <span className="block text-xs text-slate-500">
                          {o.delivery_address} · due {formatDate(o.schedule_date)}
                          {o.train_arrival && ` · at the store ${formatDateTime(o.train_arrival)}`}
                        </span>
                        {blocked && <span className="block text-xs text-red-700">{o.reason}</span>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {save.isError && (
            <Alert variant="error" title="The load was not saved">
              {save.error.message}
            </Alert>
          )}
          {save.isSuccess && (
            <Alert variant="success">Load saved: {save.data.order_count} order(s) on the truck.</Alert>
          )}
        </div>
      )}
    </Dialog>
  );
}
