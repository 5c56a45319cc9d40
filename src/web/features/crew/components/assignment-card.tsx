import { clsx } from 'clsx';
import { CircleAlert, Clock, Hourglass, MapPin, Package, Truck, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Assignment } from '#shared/contract/crew';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useFormat, useT } from '#web/i18n/provider';
import { DELIVERY_STATUS } from '../lib/crew-texts';
import { crewTime, startGate } from '../lib/start-gate';

const TONE: Record<Assignment['status'], BadgeTone> = {
  Scheduled: 'brand',
  'In Transit': 'warning',
  Delivered: 'success',
  // every order on it failed
  Failed: 'danger',
};

export interface AssignmentCardProps {
  assignment: Assignment;
  confirmationPath: string;
  /** Shows "Start delivery" on a scheduled delivery. */
  onStart?: (deliveryId: number) => void;
  starting?: boolean;
  /** The server's refusal of the last tap on Start, shown next to the button. */
  startError?: string;
  /** The time the start window is judged at (renewed by the list). */
  now?: Date;
}

/**
 * Why Start cannot be tapped, or why the last tap was refused, right under the button where the
 * driver looks (docs/decisions/0056): never only in a tooltip or a message far away.
 */
function StartNotice({ id, text, tone }: { id: string; text: string; tone: 'refused' | 'wait' }) {
  const Icon = tone === 'refused' ? CircleAlert : Hourglass;
  return (
    <p
      id={id}
      role={tone === 'refused' ? 'alert' : undefined}
      className={clsx(
        'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
        tone === 'refused'
          ? 'border-amber-300 bg-amber-50 text-amber-950'
          : 'border-slate-200 bg-slate-50 text-slate-700',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}

/** One delivery of the crew member: route and towns, truck, crew mate, time, orders and status. */
export function AssignmentCard({
  assignment: a,
  confirmationPath,
  onStart,
  starting,
  startError,
  now = new Date(),
}: AssignmentCardProps) {
  const noticeId = useId();
  const t = useT();
  const f = useFormat();
  const gate = startGate(a, now, t, f);
  const notice = startError
    ? { text: startError, tone: 'refused' as const }
    : gate.blocked
      ? { text: gate.reason, tone: gate.kind === 'refusal' ? ('refused' as const) : ('wait' as const) }
      : null;
  return (
    <Card className="p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900">
            {a.route_name} <span className="font-normal text-slate-500">#{a.delivery_id}</span>
          </h3>
          <p className="mt-0.5 flex items-start gap-1.5 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span>
              {t('crew.card.storeTo', { city: a.store_city, end: a.end_location })}
              {a.route_towns.length > 0 && (
                <span className="text-slate-500"> · {a.route_towns.join(', ')}</span>
              )}
            </span>
          </p>
        </div>
        <Badge tone={TONE[a.status]}>{t(DELIVERY_STATUS[a.status])}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div className="flex items-center gap-1.5">
          <dt>
            <Clock aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">{t('crew.card.time')}</span>
          </dt>
          <dd className="text-slate-800">
            {crewTime(a.delivery_date_time, now, f)}–{f.time(a.end_date_time)}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Truck aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">{t('crew.card.truck')}</span>
          </dt>
          <dd className="text-slate-800">
            {a.plate_number}
            {a.truck_status === 'Under Repair' && (
              <Badge tone="danger" className="ml-1.5">
                {t('crew.card.underRepair')}
              </Badge>
            )}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <UserRound aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">{t('crew.card.crewMate')}</span>
          </dt>
          <dd className="text-slate-800">
            {a.crew_mate_name ?? t('crew.card.noCrewMate')}{' '}
            <span className="text-slate-500">
              ({a.crew_role === 'Driver' ? t('crew.card.mateAssistant') : t('crew.card.mateDriver')})
            </span>
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Package aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">{t('crew.card.orders')}</span>
          </dt>
          <dd className="text-slate-800">
            {t('crew.card.load', {
              orders: a.order_count,
              confirmed: a.confirmed_count,
              items: a.item_count,
            })}
            {a.failed_count > 0 && (
              <span className="text-red-700">
                {' '}
                · {t('crew.card.notDelivered', { count: a.failed_count })}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {(a.status === 'In Transit' || (a.status === 'Scheduled' && onStart)) && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
          {a.status === 'Scheduled' && onStart && (
            <>
              <Button
                className="w-full sm:w-auto"
                loading={starting}
                disabled={gate.blocked}
                onClick={() => onStart(a.delivery_id)}
                aria-label={t('crew.start.labelFor', { id: a.delivery_id })}
                aria-describedby={notice ? noticeId : undefined}
              >
                {t('crew.start.button')}
              </Button>
              {notice && <StartNotice id={noticeId} text={notice.text} tone={notice.tone} />}
            </>
          )}
          {a.status === 'In Transit' && (
            <Link
              to={`${confirmationPath}?delivery=${a.delivery_id}`}
              className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
            >
              {t('crew.card.confirmItems')}
            </Link>
          )}
        </div>
      )}
    </Card>
  );
}
