import { CalendarClock, MapPin, Paperclip, PencilLine, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ATTACHMENT_EXTENSIONS,
  DELIVERY_FEE,
  formatMoney,
  MAX_ATTACHMENT_BYTES,
  MAX_ORDER_ATTACHMENT_TOTAL_BYTES,
  MAX_ORDER_ATTACHMENTS,
  MAX_SCHEDULE_DAYS_AHEAD,
  ORDER_LEAD_DAYS,
} from '#shared/constants';
import { type CustomerStage, STAGE_LABELS } from '#shared/order-progress';
import type { OrderStatus } from '#shared/order-status';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { PageHeader } from '#web/components/ui/page-header';
import { StageBadge } from '#web/components/ui/stage-badge';
import { DELIVERY_CITIES } from '#web/features/orders/lib/delivery-cities';
import { paths } from '#web/lib/paths';

/**
 * The words your orders show (src/shared/order-progress.ts), in the order an order meets them,
 * with the status tab of the order history each one is under.
 */
const STAGES: Array<{ stage: CustomerStage; label: string; status: OrderStatus; meaning: string }> = [
  {
    stage: 'awaiting_approval',
    label: STAGE_LABELS.awaiting_approval,
    status: 'Pending',
    meaning: 'We received your order and reserved the stock. A manager will review it shortly.',
  },
  {
    stage: 'awaiting_train',
    label: STAGE_LABELS.awaiting_train,
    status: 'Scheduled',
    meaning: 'Approved. We will book your goods on a train to the store nearest you.',
  },
  {
    stage: 'on_train',
    label: STAGE_LABELS.on_train,
    status: 'Scheduled',
    meaning: 'Your goods are booked on a train (or on it) from Kandy to the store nearest you.',
  },
  {
    stage: 'at_store',
    label: 'At the Colombo store',
    status: 'Scheduled',
    meaning: 'The goods arrived at the store of your city; a truck will bring them to you.',
  },
  {
    stage: 'out_for_delivery',
    label: STAGE_LABELS.out_for_delivery,
    status: 'In Transit',
    meaning: 'Your goods left the store on one of our trucks and are on the way to you.',
  },
  {
    stage: 'delivered',
    label: STAGE_LABELS.delivered,
    status: 'Delivered',
    meaning: 'Our crew handed over every item at your address.',
  },
  {
    stage: 'partly_delivered',
    label: 'Partly delivered: 2 of 3 items',
    status: 'Scheduled',
    meaning:
      'Some items could not be handed over (damaged, refused or missing). They are back at the store and we will deliver them again, or send them back to Kandy and credit them (the order is then Delivered for what you received).',
  },
  {
    stage: 'delivery_failed',
    label: STAGE_LABELS.delivery_failed,
    status: 'Scheduled',
    meaning:
      'Our crew could not deliver the order. It is back at the store and we will deliver it again; the timeline says why.',
  },
  {
    stage: 'returned',
    label: STAGE_LABELS.returned,
    status: 'Cancelled',
    meaning:
      'Nothing could be delivered: the goods went back to Kandy and the whole order, fee included, is credited.',
  },
  {
    stage: 'cancelled',
    label: STAGE_LABELS.cancelled,
    status: 'Cancelled',
    meaning: 'The order was cancelled and the reserved stock released. The timeline shows the reason.',
  },
];

function Rule({ icon: Icon, title, children }: { icon: typeof MapPin; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardBody className="flex gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
          <Icon aria-hidden="true" className="size-5" />
        </div>
        <div className="text-sm text-slate-700">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <div className="mt-1 space-y-1">{children}</div>
        </div>
      </CardBody>
    </Card>
  );
}

export function GuidelinesPage() {
  const maxMb = MAX_ATTACHMENT_BYTES / (1024 * 1024);
  const totalMb = MAX_ORDER_ATTACHMENT_TOTAL_BYTES / (1024 * 1024);
  return (
    <div>
      <PageHeader title="Ordering guidelines" description="How ordering and delivery work at KandyPack." />
      <div className="grid gap-4 md:grid-cols-2">
        <Rule icon={CalendarClock} title={`${ORDER_LEAD_DAYS} days' lead time`}>
          <p>
            Pick a delivery date at least {ORDER_LEAD_DAYS} days after the day you order. That gives us time
            to approve the order, send it by train from Kandy and plan the truck route to you. Orders can be
            booked up to {MAX_SCHEDULE_DAYS_AHEAD} days ahead.
          </p>
        </Rule>
        <Rule icon={Receipt} title={`${formatMoney(DELIVERY_FEE)} delivery fee`}>
          <p>
            Every order pays one fixed delivery fee of {formatMoney(DELIVERY_FEE)}, whatever its size. Prices
            are fixed when you place the order; the invoice shows items, subtotal, fee and total.
          </p>
        </Rule>
        <Rule icon={MapPin} title="Delivery areas">
          <p>
            Goods leave our warehouse in Kandy by rail for {DELIVERY_CITIES.length} cities:{' '}
            {DELIVERY_CITIES.join(', ')}. Each city has a store near its railway station, and our trucks
            deliver from there on set routes to the surrounding towns.
          </p>
        </Rule>
        <Rule icon={PencilLine} title="Changing or cancelling an order">
          <p>
            While an order is Pending you can change its items and delivery date, or cancel it, from the
            order's page. A new date needs {ORDER_LEAD_DAYS} days' lead time from the day you change it. Items
            you keep or reduce keep the price you ordered at; items you add or increase are at that day's
            price. Once an order is approved,{' '}
            <Link to={paths.customer.support} className="font-medium text-indigo-700 hover:underline">
              contact support
            </Link>{' '}
            to change or cancel it.
          </p>
        </Rule>
        <Rule icon={Paperclip} title="Attachments">
          <p>
            You may attach documents to an order, such as a purchase order or a site map:{' '}
            {ATTACHMENT_EXTENSIONS.join(', ')} files, up to {maxMb}MB each, and at most{' '}
            {MAX_ORDER_ATTACHMENTS} files and {totalMb}MB together per order.
          </p>
        </Rule>
      </div>
      <Card className="mt-6">
        <CardHeader
          title="Order statuses"
          description="What your orders say, step by step, and the tab of your order history each one is under."
        />
        <CardBody>
          <dl className="divide-y divide-slate-100">
            {STAGES.map((s) => (
              <div key={s.stage} className="grid gap-2 py-3 sm:grid-cols-[16rem_1fr] sm:items-center">
                <dt>
                  <StageBadge label={s.label} stage={s.stage} />
                </dt>
                <dd className="text-sm text-slate-700">
                  {s.meaning} <span className="text-slate-500">({s.status} tab)</span>
                </dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      <p className="mt-6 text-sm text-slate-600">
        Ready to order?{' '}
        <Link to={paths.customer.newOrder} className="font-medium text-indigo-700 hover:underline">
          Place a new order
        </Link>{' '}
        or{' '}
        <Link to={paths.customer.support} className="font-medium text-indigo-700 hover:underline">
          contact support
        </Link>
        .
      </p>
    </div>
  );
}
