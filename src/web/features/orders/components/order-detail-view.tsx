import { ArrowLeft, Ban, FileText, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderDetail } from '#shared/contract/orders';
import { can } from '#shared/permissions';
import { portalForRole } from '#shared/roles';
import { Alert } from '#web/components/ui/alert';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { PageHeader } from '#web/components/ui/page-header';
import { StageBadge } from '#web/components/ui/stage-badge';
import { COLOMBO_TIME, formatDate, formatDateTime } from '#web/lib/format';
import { paths } from '#web/lib/paths';
import { useSession } from '#web/lib/session';
import { useDownloadInvoice } from '../api/download-invoice';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderAttachments } from './order-attachments';
import { OrderItemsTable } from './order-items-table';
import { OrderReceipts } from './order-receipts';
import { OrderTimeline } from './order-timeline';

/** Inline on purpose: the page header puts its description inside a paragraph. */
function Dates({ order }: { order: OrderDetail }) {
  return (
    <span className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
      <span>
        Placed: <span className="text-slate-900">{formatDateTime(order.order_date)}</span>
      </span>
      <span>
        Requested delivery: <span className="text-slate-900">{formatDate(order.schedule_date)}</span>
      </span>
      {order.status === 'Delivered' && order.delivery_date_time && (
        <span>
          Delivered: <span className="text-slate-900">{formatDateTime(order.delivery_date_time)}</span>
        </span>
      )}
      <span>Times in {COLOMBO_TIME}</span>
    </span>
  );
}

/**
 * After a failed delivery, while the items wait at the store (or once they went back to Kandy):
 * what was not delivered, when, why, and what happens next, above everything else.
 */
function FailureNotice({ order }: { order: OrderDetail }) {
  const last = order.delivery_failures.at(-1);
  if (!last || !['delivery_failed', 'partly_delivered', 'returned'].includes(order.customer_stage))
    return null;
  const what = last.items
    .map((i) => `${i.product_name} x ${i.quantity} (${i.reason.toLowerCase()})`)
    .join(', ');
  return (
    <Alert
      variant="warning"
      className="mb-4"
      title={
        last.delivered_items > 0
          ? `We delivered ${last.delivered_items} of ${last.delivered_items + last.failed_items} items on ${formatDateTime(last.failed_at)} (Colombo time)`
          : `We could not deliver your order on ${formatDateTime(last.failed_at)} (Colombo time)`
      }
    >
      Not delivered: {what}.{order.next_step && ` ${order.next_step}`}
    </Alert>
  );
}

/** Everything a customer can see about one order; a Pending one can be changed or cancelled. */
export function OrderDetailView({ order, notice }: { order: OrderDetail; notice?: string | null }) {
  const invoice = useDownloadInvoice();
  const { user } = useSession();
  const portal = portalForRole(user?.role);
  const pending = order.status === 'Pending';
  const canChange = pending && can(portal, 'orders:change-own');
  const canCancel = pending && can(portal, 'orders:cancel-own');
  const [cancelOpen, setCancelOpen] = useState(false);
  const [done, setDone] = useState<string | null>(notice ?? null);
  return (
    <div>
      <Link
        to={paths.customer.history}
        className="mb-3 inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to order history
      </Link>
      <PageHeader
        pageTitle={`Order #${order.order_id}`}
        title={
          <span className="flex flex-wrap items-center gap-3">
            Order #{order.order_id}
            <StageBadge label={order.status_label} stage={order.customer_stage} />
          </span>
        }
        description={<Dates order={order} />}
        actions={
          <>
            {canChange && (
              <Link to={paths.customer.editOrder(order.order_id)} className={buttonClasses('primary')}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit order
              </Link>
            )}
            {canCancel && (
              <Button
                variant="secondary"
                className="text-red-700! ring-red-300! hover:bg-red-50!"
                onClick={() => setCancelOpen(true)}
              >
                <Ban aria-hidden="true" className="size-4" />
                Cancel order
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => invoice.mutate(order.order_id)}
              loading={invoice.isPending}
            >
              {!invoice.isPending && <FileText aria-hidden="true" className="size-4" />}
              Download invoice
            </Button>
          </>
        }
      />
      {done && (
        <Alert variant="success" className="mb-4" onDismiss={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {pending && (canChange || canCancel) && (
        <p className="mb-4 text-sm text-slate-600">
          This order is waiting for our approval: you can still change its items and delivery date, or cancel
          it.
        </p>
      )}
      {canCancel && (
        <CancelOrderDialog
          orderId={order.order_id}
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          onDone={(id) => setDone(`Order #${id} is cancelled. The goods it reserved were released.`)}
        />
      )}
      <FailureNotice order={order} />
      {invoice.isError && (
        <Alert
          variant="error"
          title="Failed to download invoice"
          className="mb-4"
          onDismiss={() => invoice.reset()}
        >
          {invoice.error.message}
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="overflow-hidden">
            <CardHeader title="Items" />
            <OrderItemsTable order={order} />
          </Card>
          <Card>
            <CardHeader title="Delivery" />
            <CardBody>
              <dl className="grid gap-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="font-medium text-slate-600">Delivery address</dt>
                  <dd className="mt-1 whitespace-pre-line text-slate-900">{order.delivery_address || '—'}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-600">Special instructions</dt>
                  <dd className="mt-1 whitespace-pre-line text-slate-900">
                    {order.special_instructions || 'None'}
                  </dd>
                </div>
              </dl>
            </CardBody>
          </Card>
          {order.receipts.length > 0 && (
            <Card>
              <CardHeader title="Proof of delivery" />
              <CardBody>
                <OrderReceipts order={order} />
              </CardBody>
            </Card>
          )}
          <Card>
            <CardHeader title="Attachments" />
            <CardBody>
              <OrderAttachments order={order} />
            </CardBody>
          </Card>
        </div>
        <Card className="lg:self-start">
          <CardHeader title="Tracking" />
          <CardBody>
            <OrderTimeline order={order} />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
