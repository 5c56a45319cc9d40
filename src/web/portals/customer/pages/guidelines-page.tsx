import { CalendarClock, MapPin, Paperclip, PencilLine, Receipt } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ATTACHMENT_EXTENSIONS,
  DELIVERY_FEE,
  MAX_ATTACHMENT_BYTES,
  MAX_ORDER_ATTACHMENT_TOTAL_BYTES,
  MAX_ORDER_ATTACHMENTS,
  MAX_SCHEDULE_DAYS_AHEAD,
  ORDER_LEAD_DAYS,
} from '#shared/constants';
import { type CustomerStage, STAGE_LABELS } from '#shared/order-progress';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { PageHeader } from '#web/components/ui/page-header';
import { StageBadge } from '#web/components/ui/stage-badge';
import { DELIVERY_CITIES } from '#web/features/orders/lib/delivery-cities';
import { cityName } from '#web/i18n/city-name';
import { type MessageKey, type Translate, useFormat, useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';

/**
 * The words your orders show (src/shared/order-progress.ts), in the order an order meets them,
 * with the status tab of the order history each one is under.
 */
const STAGES: Array<{ stage: CustomerStage; label: string; status: MessageKey; meaning: MessageKey }> = [
  {
    stage: 'awaiting_approval',
    label: STAGE_LABELS.awaiting_approval,
    status: 'order.status.pending',
    meaning: 'guidelines.stage.awaitingApproval',
  },
  {
    stage: 'awaiting_train',
    label: STAGE_LABELS.awaiting_train,
    status: 'order.status.scheduled',
    meaning: 'guidelines.stage.awaitingTrain',
  },
  {
    stage: 'on_train',
    label: STAGE_LABELS.on_train,
    status: 'order.status.scheduled',
    meaning: 'guidelines.stage.onTrain',
  },
  {
    stage: 'at_store',
    label: 'At the Colombo store',
    status: 'order.status.scheduled',
    meaning: 'guidelines.stage.atStore',
  },
  {
    stage: 'out_for_delivery',
    label: STAGE_LABELS.out_for_delivery,
    status: 'order.status.inTransit',
    meaning: 'guidelines.stage.outForDelivery',
  },
  {
    stage: 'delivered',
    label: STAGE_LABELS.delivered,
    status: 'order.status.delivered',
    meaning: 'guidelines.stage.delivered',
  },
  {
    stage: 'partly_delivered',
    label: 'Partly delivered: 2 of 3 items',
    status: 'order.status.scheduled',
    meaning: 'guidelines.stage.partlyDelivered',
  },
  {
    stage: 'delivery_failed',
    label: STAGE_LABELS.delivery_failed,
    status: 'order.status.scheduled',
    meaning: 'guidelines.stage.deliveryFailed',
  },
  {
    stage: 'returned',
    label: STAGE_LABELS.returned,
    status: 'order.stage.cancelled',
    meaning: 'guidelines.stage.returned',
  },
  {
    stage: 'cancelled',
    label: STAGE_LABELS.cancelled,
    status: 'order.stage.cancelled',
    meaning: 'guidelines.stage.cancelled',
  },
];

/** Stands for a link in a message until the link is put in its place. */
const SLOT = '\u0001';

/** A message whose `{link}` (or `{link1}`, `{link2}`) become the given links, in the message's order. */
function withLinks(
  t: Translate,
  key: MessageKey,
  values: Record<string, string | number>,
  links: ReactNode[],
) {
  const slots = Object.fromEntries(links.map((_, i) => [`link${i + 1}`, `${SLOT}${i}${SLOT}`]));
  const parts = t(key, { ...values, ...slots }).split(SLOT);
  return parts.map((part, i) =>
    // odd parts are the number of a link
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed message, in order
    i % 2 === 1 ? <Fragment key={i}>{links[Number(part)]}</Fragment> : <Fragment key={i}>{part}</Fragment>,
  );
}

function Rule({ icon: Icon, title, children }: { icon: typeof MapPin; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardBody className="flex gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
          <Icon aria-hidden="true" className="size-5" />
        </div>
        <div className="min-w-0 text-sm text-slate-700">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <div className="mt-1 space-y-1">{children}</div>
        </div>
      </CardBody>
    </Card>
  );
}

const LINK = 'font-medium text-indigo-700 hover:underline';

export function GuidelinesPage() {
  const t = useT();
  const f = useFormat();
  const maxMb = MAX_ATTACHMENT_BYTES / (1024 * 1024);
  const totalMb = MAX_ORDER_ATTACHMENT_TOTAL_BYTES / (1024 * 1024);
  const fee = f.money(DELIVERY_FEE);
  const support = (
    <Link to={paths.customer.support} className={LINK}>
      {t('guidelines.contactSupport')}
    </Link>
  );
  return (
    <div>
      <PageHeader title={t('guidelines.title')} description={t('guidelines.lead')} />
      <div className="grid gap-4 md:grid-cols-2">
        <Rule icon={CalendarClock} title={t('guidelines.lead.title', { days: ORDER_LEAD_DAYS })}>
          <p>{t('guidelines.lead.text', { days: ORDER_LEAD_DAYS, ahead: MAX_SCHEDULE_DAYS_AHEAD })}</p>
        </Rule>
        <Rule icon={Receipt} title={t('guidelines.fee.title', { fee })}>
          <p>{t('guidelines.fee.text', { fee })}</p>
        </Rule>
        <Rule icon={MapPin} title={t('guidelines.areas.title')}>
          <p>
            {t('guidelines.areas.text', {
              count: DELIVERY_CITIES.length,
              cities: DELIVERY_CITIES.map((c) => cityName(t, c)).join(', '),
            })}
          </p>
        </Rule>
        <Rule icon={PencilLine} title={t('guidelines.change.title')}>
          <p>{withLinks(t, 'guidelines.change.text', { days: ORDER_LEAD_DAYS }, [support])}</p>
        </Rule>
        <Rule icon={Paperclip} title={t('guidelines.attach.title')}>
          <p>
            {t('guidelines.attach.text', {
              types: ATTACHMENT_EXTENSIONS.join(', '),
              perFile: maxMb,
              files: MAX_ORDER_ATTACHMENTS,
              total: totalMb,
            })}
          </p>
        </Rule>
      </div>
      <Card className="mt-6">
        <CardHeader title={t('guidelines.stages.title')} description={t('guidelines.stages.lead')} />
        <CardBody>
          <dl className="divide-y divide-slate-100">
            {STAGES.map((s) => (
              <div key={s.stage} className="grid gap-2 py-3 sm:grid-cols-[16rem_1fr] sm:items-center">
                <dt className="min-w-0">
                  <StageBadge label={s.label} stage={s.stage} />
                </dt>
                <dd className="text-sm text-slate-700">
                  {t(s.meaning)}{' '}
                  <span className="text-slate-500">
                    {t('guidelines.stages.tab', { status: t(s.status) })}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      <p className="mt-6 text-sm text-slate-600">
        {withLinks(t, 'guidelines.ready', {}, [
          <Link key="new" to={paths.customer.newOrder} className={LINK}>
            {t('guidelines.placeOrder')}
          </Link>,
          <Link key="support" to={paths.customer.support} className={LINK}>
            {t('guidelines.contactSupport')}
          </Link>,
        ])}
      </p>
    </div>
  );
}
