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
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import { StatusBadge } from '#web/components/ui/badge';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { PageHeader } from '#web/components/ui/page-header';
import { DELIVERY_CITIES } from '#web/features/orders/lib/delivery-cities';
import { paths } from '#web/lib/paths';

const STATUS_MEANING: Record<OrderStatus, string> = {
  Pending: 'We received your order and reserved the stock. A manager will review it shortly.',
  Scheduled: 'Approved: your goods are booked on a train to the store nearest you.',
  'In Transit': 'Your goods left the store on one of our trucks and are on the way to you.',
  Delivered: 'Our crew confirmed every item at your address.',
  Cancelled: 'The order was cancelled and the reserved stock released. The timeline shows the reason.',
};

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
        <CardHeader title="Order statuses" description="What each status on your orders means." />
        <CardBody>
          <dl className="divide-y divide-slate-100">
            {ORDER_STATUSES.map((status) => (
              <div key={status} className="grid gap-2 py-3 sm:grid-cols-[10rem_1fr] sm:items-center">
                <dt>
                  <StatusBadge status={status} />
                </dt>
                <dd className="text-sm text-slate-700">{STATUS_MEANING[status]}</dd>
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
