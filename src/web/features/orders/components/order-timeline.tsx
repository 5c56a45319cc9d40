import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import { formatMoney } from '#shared/constants';
import type { OrderDetail } from '#shared/contract/orders';
import { formatDateTime } from '#web/lib/format';
import { changeLineText, changeSummary } from '../lib/order-changes';
import { buildOrderTimeline, type TimelineStep } from '../lib/order-timeline';

function FailureDetail({ step }: { step: TimelineStep }) {
  const f = step.failure!;
  return (
    <div className="space-y-1">
      <p>
        Delivery #{f.delivery_id} on {f.route_name}
        {f.delivered_items > 0 && `: ${f.delivered_items} handed over`}
        {f.reason && `: ${f.reason.toLowerCase()}${f.note ? ` (${f.note})` : ''}`}
      </p>
      <ul className="list-disc pl-4">
        {f.items.map((i) => (
          <li key={i.product_name}>
            {i.product_name} x {i.quantity}: {i.reason.toLowerCase()}
            {i.note && !f.reason ? ` (${i.note})` : ''}
          </li>
        ))}
      </ul>
      {step.next && <p className="font-medium text-slate-800">{step.next}</p>}
    </div>
  );
}

function StepDetail({ step }: { step: TimelineStep }) {
  if (step.failure) return <FailureDetail step={step} />;
  if (step.attempt)
    return (
      <p>
        Delivery #{step.attempt.delivery_id} on {step.attempt.route_name}
      </p>
    );
  if (step.key === 'returned') {
    return (
      <div className="space-y-1">
        {step.credit !== undefined && step.credit > 0 && <p>Credited to you: {formatMoney(step.credit)}.</p>}
        {step.next && <p className="font-medium text-slate-800">{step.next}</p>}
      </div>
    );
  }
  if (step.key === 'train' && step.state === 'current') return <p>Waiting for a train to be booked.</p>;
  if (step.leg) {
    const leg = step.leg;
    return (
      <p>
        {leg.train_name} (trip #{leg.train_trip_id}): departs {leg.departure_city}{' '}
        {formatDateTime(leg.departure_date_time)}, arrives {leg.arrival_city}{' '}
        {formatDateTime(leg.arrival_date_time)}
      </p>
    );
  }
  if (step.truck) {
    const truck = step.truck;
    return (
      <p>
        Truck {truck.plate_number} on route {truck.route_name}
        {truck.driver_name ? `, driver ${truck.driver_name}` : ''}
        {step.state !== 'done' ? ` (leaves ${formatDateTime(truck.delivery_date_time)})` : ''}
      </p>
    );
  }
  if (step.key === 'arrived' && step.city) return <p>At our {step.city} store near the railway station.</p>;
  if (step.change) {
    const change = step.change;
    return (
      <>
        <p>{changeSummary(change)}</p>
        {change.lines.length > 0 && (
          <ul className="mt-0.5 list-disc pl-4 text-xs">
            {change.lines.map((line) => (
              <li key={line.product_id}>{changeLineText(line)}</li>
            ))}
          </ul>
        )}
      </>
    );
  }
  if (step.key === 'cancelled')
    return <p>{step.reason ? `Reason: ${step.reason}` : 'No reason was given.'}</p>;
  return null;
}

const DOT: Record<TimelineStep['state'], string> = {
  done: 'bg-emerald-600 text-white',
  current: 'bg-white text-indigo-600 ring-2 ring-indigo-600',
  upcoming: 'bg-white ring-2 ring-slate-300',
  cancelled: 'bg-red-600 text-white',
  failed: 'bg-red-600 text-white',
};

const STATE_LABEL: Record<TimelineStep['state'], string> = {
  done: 'completed',
  current: 'next step',
  upcoming: 'not yet',
  cancelled: 'cancelled',
  failed: 'not delivered',
};

/** The order's journey as a vertical timeline; completed steps carry their time (Colombo). */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const steps = buildOrderTimeline(order);
  return (
    <>
      <p className="mb-3 text-xs text-slate-500">Times are Colombo time.</p>
      <ol aria-label="Order progress" className="space-y-0">
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
                <span className="sr-only"> ({STATE_LABEL[step.state]})</span>
              </p>
              {step.at && (
                <p className="text-xs text-slate-500">
                  <time dateTime={step.at}>{formatDateTime(step.at)}</time>
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
