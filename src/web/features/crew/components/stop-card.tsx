import { CircleCheck, CircleX, Clock, MapPin, MessageSquareText, Phone } from 'lucide-react';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useFormat, useT } from '#web/i18n/provider';
import { reasonName } from '../lib/crew-texts';
import { type Stop, type StopItem, stopOutcome } from '../lib/group-items';

export interface StopCardProps {
  stop: Stop;
  onConfirm: (items: StopItem[]) => void;
  /** One item could not be handed over. */
  onFailItem: (item: StopItem) => void;
  /** The whole stop could not be served: the items not handed over yet fail. */
  onFail: () => void;
  /**
   * Why the actions are off (the delivery is not In Transit, the phone waits to send), shown as
   * text: a phone cannot hover a tooltip. null: they are on.
   */
  disabledReason?: string | null;
}

function ItemRow({
  entry,
  onConfirm,
  onFail,
  disabled,
}: {
  entry: StopItem;
  onConfirm: () => void;
  onFail: () => void;
  disabled: boolean;
}) {
  const t = useT();
  const f = useFormat();
  const { item, state } = entry;
  const what = t('crew.stop.itemOfOrder', { product: item.product_name, id: item.order_id });
  return (
    <li className="py-3">
      <p className="text-sm font-medium text-slate-900">
        {item.product_name} <span className="text-slate-500">× {item.quantity}</span>
      </p>
      {state.kind === 'confirmed' && (
        <p className="mt-0.5 flex items-center gap-1 text-xs text-emerald-700">
          <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />
          {t('crew.stop.receivedBy', { name: state.recipient_name ?? t('crew.stop.theCustomer') })}
          {state.confirmed_at && ` · ${f.shortDateTime(state.confirmed_at)}`}
          {state.confirmed_by && ` · ${t('crew.stop.confirmedBy', { name: state.confirmed_by })}`}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="mt-0.5 flex items-start gap-1 text-xs text-red-700">
          <CircleX aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          <span>
            {t('crew.stop.notDeliveredBecause', { reason: reasonName(t, state.reason) })}
            {state.note && ` (${state.note})`}
            {state.failed_at && ` · ${f.shortDateTime(state.failed_at)}`}
            {state.failed_by && ` · ${t('crew.stop.reportedBy', { name: state.failed_by })}`}
          </span>
        </p>
      )}
      {state.kind === 'waiting' && (
        <p className="mt-0.5 flex items-center gap-1 text-xs text-amber-700">
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          {t('crew.stop.waitingReceivedBy', { name: state.recipient_name ?? t('crew.stop.theCustomer') })}
        </p>
      )}
      {state.kind === 'open' && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={disabled}
            aria-label={t('crew.stop.confirmLabel', { what })}
            onClick={onConfirm}
          >
            {t('crew.stop.confirm')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="text-red-700"
            disabled={disabled}
            aria-label={t('crew.stop.couldNotDeliverLabel', { what })}
            onClick={onFail}
          >
            {t('crew.stop.couldNotDeliver')}
          </Button>
        </div>
      )}
    </li>
  );
}

function OutcomeBadge({ stop }: { stop: Stop }) {
  const t = useT();
  switch (stopOutcome(stop)) {
    case 'delivered':
      return <Badge tone="success">{t('crew.status.delivered')}</Badge>;
    case 'partly_delivered':
      return (
        <Badge tone="warning">
          {t('crew.stop.partly', { done: stop.confirmed, total: stop.items.length })}
        </Badge>
      );
    case 'failed':
      return <Badge tone="danger">{t('crew.stop.notDelivered')}</Badge>;
    default:
      return stop.waiting > 0 && stop.open === 0 ? (
        <Badge tone="warning">{t('crew.stop.waiting')}</Badge>
      ) : (
        <Badge tone="info">
          {t('crew.stop.progress', { done: stop.items.length - stop.open, total: stop.items.length })}
        </Badge>
      );
  }
}

/** A stop of the run: customer, where to go, whom to call, what to hand over. */
export function StopCard({ stop, onConfirm, onFailItem, onFail, disabledReason = null }: StopCardProps) {
  const t = useT();
  const open = stop.items.filter((i) => i.state.kind === 'open');
  const outcome = stopOutcome(stop);
  const disabled = disabledReason !== null;
  const handedOver = stop.confirmed + stop.waiting;
  return (
    <Card>
      <div className="border-b border-slate-100 px-4 py-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900">{stop.customer_name}</h2>
            <p className="text-xs text-slate-500">{t('crew.stop.order', { id: stop.order_id })}</p>
          </div>
          <OutcomeBadge stop={stop} />
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
            {t('crew.stop.call', { number: stop.contact_number })}
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
            onFail={() => onFailItem(entry)}
          />
        ))}
      </ul>
      {outcome === 'partly_delivered' || outcome === 'failed' ? (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-700">
          {outcome === 'failed'
            ? t('crew.stop.nothingHandedOver')
            : t('crew.stop.someNotHandedOver', { count: stop.failed })}
        </p>
      ) : (
        open.length > 0 && (
          <div className="border-t border-slate-100 px-4 py-3">
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={disabled}
                onClick={() => onConfirm(open)}
                aria-label={t('crew.stop.confirmAllLabel', { id: stop.order_id })}
              >
                {t('crew.stop.confirmAll', { count: open.length })}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                className="text-red-700"
                disabled={disabled}
                onClick={onFail}
                aria-label={t('crew.stop.failedDeliveryLabel', { id: stop.order_id })}
              >
                {t('crew.stop.failedDelivery')}
              </Button>
            </div>
            <p className="mt-2 text-xs text-slate-500">
              {disabledReason ??
                (handedOver > 0
                  ? t('crew.stop.failedHintPartly', { open: open.length, handed: handedOver })
                  : t('crew.stop.failedHint'))}
            </p>
          </div>
        )
      )}
    </Card>
  );
}
