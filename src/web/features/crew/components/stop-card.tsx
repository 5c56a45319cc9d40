import { CircleCheck, Clock, MapPin, MessageSquareText, Phone } from 'lucide-react';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { formatShortDateTime } from '#web/lib/date-format';
import type { Stop, StopItem } from '../lib/group-items';

export interface StopCardProps {
  stop: Stop;
  onConfirm: (items: StopItem[]) => void;
  onFail: () => void;
  /** Actions are off while the delivery is not In Transit (or the phone waits to send). */
  disabled?: boolean;
}

function ItemRow({
  entry,
  onConfirm,
  disabled,
}: {
  entry: StopItem;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const { item, state } = entry;
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {item.product_name} <span className="text-slate-500">x {item.quantity}</span>
        </p>
        {state.kind === 'confirmed' && (
          <p className="mt-0.5 flex items-center gap-1 text-xs text-emerald-700">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            Received by {state.recipient_name ?? 'the customer'}
            {state.confirmed_at && ` · ${formatShortDateTime(state.confirmed_at)}`}
            {state.confirmed_by && ` · confirmed by ${state.confirmed_by}`}
          </p>
        )}
        {state.kind === 'waiting' && (
          <p className="mt-0.5 flex items-center gap-1 text-xs text-amber-700">
            <Clock aria-hidden="true" className="size-3.5" />
            Waiting to send · received by {state.recipient_name}
          </p>
        )}
      </div>
      <Button
        size="sm"
        variant={state.kind === 'open' ? 'primary' : 'secondary'}
        disabled={disabled || state.kind !== 'open'}
        aria-label={`Confirm ${item.product_name} for order #${item.order_id}`}
        onClick={onConfirm}
      >
        {state.kind === 'open' ? 'Confirm' : state.kind === 'waiting' ? 'Waiting' : 'Confirmed'}
      </Button>
    </li>
  );
}

/** A stop of the run: customer, where to go, whom to call, what to hand over. */
export function StopCard({ stop, onConfirm, onFail, disabled }: StopCardProps) {
  const open = stop.items.filter((i) => i.state.kind === 'open');
  const done = stop.order_status === 'Delivered';
  const anyConfirmed = stop.items.some((i) => i.state.kind !== 'open');
  return (
    <Card>
      <div className="border-b border-slate-100 px-4 py-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900">{stop.customer_name}</h2>
            <p className="text-xs text-slate-500">Order #{stop.order_id}</p>
          </div>
          {done ? (
            <Badge tone="success">Delivered</Badge>
          ) : stop.waiting > 0 && stop.open === 0 ? (
            <Badge tone="warning">Waiting to send</Badge>
          ) : (
            <Badge tone="info">
              {stop.items.length - stop.open} of {stop.items.length} confirmed
            </Badge>
          )}
        </div>
        <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {stop.delivery_address}
        </p>
        {stop.contact_number && (
          <a
            href={`tel:${stop.contact_number.replace(/[^+\d]/g, '')}`}
            className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline"
          >
            <Phone aria-hidden="true" className="size-4" />
            Call {stop.contact_number}
          </a>
        )}
        {stop.special_instructions && (
          <p className="mt-2 flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-900">
            <MessageSquareText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {stop.special_instructions}
          </p>
        )}
      </div>
      <ul className="divide-y divide-slate-100 px-4">
        {stop.items.map((entry) => (
          <ItemRow
            key={entry.item.product_id}
            entry={entry}
            disabled={disabled}
            onConfirm={() => onConfirm([entry])}
          />
        ))}
      </ul>
      {!done && (
        <div className="flex flex-wrap gap-2 border-t border-slate-100 px-4 py-3">
          <Button
            size="sm"
            disabled={disabled || open.length === 0}
            onClick={() => onConfirm(open)}
            aria-label={`Confirm all items of order #${stop.order_id}`}
          >
            Confirm all ({open.length})
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="text-red-700"
            disabled={disabled || anyConfirmed}
            onClick={onFail}
            title={anyConfirmed ? 'Some items were handed over: the rest must be confirmed' : undefined}
          >
            Failed delivery
          </Button>
        </div>
      )}
    </Card>
  );
}
