import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import type { OrderDetail } from '#shared/contract/orders';
import { cityName } from '#web/i18n/city-name';
import { type MessageKey, useFormat, useT } from '#web/i18n/provider';
import { changeLineText, changeSummary } from '../lib/order-changes';
import { failureReasonInline } from '../lib/order-texts';
import { buildOrderTimeline, type TimelineStep } from '../lib/order-timeline';

function FailureDetail({ step }: { step: TimelineStep }) {
  const t = useT();
  const f = step.failure!;
  // one line of text: "Delivery #12 on Galle - Hikkaduwa: 2 handed over: damaged (note)"
  let run = t('order.timeline.deliveryOn', { id: f.delivery_id, route: f.route_name });
  if (f.delivered_items > 0) run += `: ${t('order.timeline.handedOver', { count: f.delivered_items })}`;
  if (f.reason) run += `: ${failureReasonInline(t, f.reason)}${f.note ? ` (${f.note})` : ''}`;
  return (
    <div className="space-y-1">
      <p>{run}</p>
      <ul className="list-disc pl-4">
        {f.items.map((i) => (
          <li key={i.product_name}>
            {t('order.timeline.failedItem', {
              product: i.product_name,
              quantity: i.quantity,
              reason: failureReasonInline(t, i.reason),
            })}
            {i.note && !f.reason ? ` (${i.note})` : ''}
          </li>
        ))}
      </ul>
      {step.next && <p className="font-medium text-slate-800">{step.next}</p>}
    </div>
  );
}

function StepDetail({ step }: { step: TimelineStep }) {
  const t = useT();
  const f = useFormat();
  if (step.failure) return <FailureDetail step={step} />;
  if (step.attempt)
    return (
      <p>
        {t('order.timeline.deliveryOn', { id: step.attempt.delivery_id, route: step.attempt.route_name })}
      </p>
    );
  if (step.key === 'returned') {
    return (
      <div className="space-y-1">
        {step.credit !== undefined && step.credit > 0 && (
          <p>{t('order.timeline.credited', { amount: f.money(step.credit) })}</p>
        )}
        {step.next && <p className="font-medium text-slate-800">{step.next}</p>}
      </div>
    );
  }
  if (step.key === 'train' && step.state === 'current') return <p>{t('order.timeline.waitingTrain')}</p>;
  if (step.leg) {
    const leg = step.leg;
    return (
      <p>
        {t('order.timeline.leg', {
          train: leg.train_name,
          trip: leg.train_trip_id,
          from: cityName(t, leg.departure_city),
          departs: f.dateTime(leg.departure_date_time),
          to: cityName(t, leg.arrival_city),
          arrives: f.dateTime(leg.arrival_date_time),
        })}
      </p>
    );
  }
  if (step.truck) {
    const truck = step.truck;
    return (
      <p>
        {t('order.timeline.truck', { plate: truck.plate_number, route: truck.route_name })}
        {truck.driver_name ? t('order.timeline.driver', { name: truck.driver_name }) : ''}
        {step.state !== 'done'
          ? t('order.timeline.leaves', { date: f.dateTime(truck.delivery_date_time) })
          : ''}
      </p>
    );
  }
  if (step.key === 'arrived' && step.city)
    return <p>{t('order.timeline.atStore', { city: cityName(t, step.city) })}</p>;
  if (step.change) {
    const change = step.change;
    return (
      <>
        <p>{changeSummary(change, t, f)}</p>
        {change.lines.length > 0 && (
          <ul className="mt-0.5 list-disc pl-4 text-xs">
            {change.lines.map((line) => (
              <li key={line.product_id}>{changeLineText(line, t)}</li>
            ))}
          </ul>
        )}
      </>
    );
  }
  if (step.key === 'cancelled')
    return (
      <p>
        {step.reason ? t('order.timeline.reason', { reason: step.reason }) : t('order.timeline.noReason')}
      </p>
    );
  return null;
}

const DOT: Record<TimelineStep['state'], string> = {
  done: 'bg-emerald-600 text-white',
  current: 'bg-white text-indigo-600 ring-2 ring-indigo-600',
  upcoming: 'bg-white ring-2 ring-slate-300',
  cancelled: 'bg-red-600 text-white',
  failed: 'bg-red-600 text-white',
};

const STATE_LABEL: Record<TimelineStep['state'], MessageKey> = {
  done: 'order.timeline.state.done',
  current: 'order.timeline.state.current',
  upcoming: 'order.timeline.state.upcoming',
  cancelled: 'order.timeline.state.cancelled',
  failed: 'order.timeline.state.failed',
};

/** The order's journey as a vertical timeline; completed steps carry their time (Colombo). */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const t = useT();
  const f = useFormat();
  const steps = buildOrderTimeline(order, new Date(), t);
  return (
    <>
      <p className="mb-3 text-xs text-slate-500">{t('order.timeline.colomboTime')}</p>
      <ol aria-label={t('order.timeline.label')} className="space-y-0">
        {steps.map((step, index) => (
          <li key={step.key} className="relative flex gap-4 pb-6 last:pb-0">
            {index < steps.length - 1 && (
              <span
                aria-hidden="true"
                className={clsx(
                  'absolute top-7 left-3 -ml-px h-[calc(100%-1.75rem)] w-0.5',
                  step.state === 'done' || step.state === 'failed' ? 'bg-emerald-600' : 'bg-slate-200',
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={clsx(
                'relative z-10 flex size-6 shrink-0 items-center justify-center rounded-full',
                DOT[step.state],
              )}
            >
              {step.state === 'done' && <Check className="size-3.5" />}
              {(step.state === 'cancelled' || step.state === 'failed') && <X className="size-3.5" />}
              {step.state === 'current' && <span className="size-2 rounded-full bg-indigo-600" />}
            </span>
            <div className="min-w-0 pt-0.5 text-sm">
              <p
                className={clsx(
                  'font-medium',
                  step.state === 'upcoming' ? 'text-slate-500' : 'text-slate-900',
                  (step.state === 'cancelled' || step.state === 'failed') && 'text-red-700',
                )}
              >
                {step.title}
                <span className="sr-only"> ({t(STATE_LABEL[step.state])})</span>
              </p>
              {step.at && (
                <p className="text-xs text-slate-500">
                  <time dateTime={step.at}>{f.dateTime(step.at)}</time>
                </p>
              )}
              <div className="mt-0.5 text-slate-600">
                <StepDetail step={step} />
              </div>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
