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
import { knownText } from '#web/i18n/known-texts';
import { useFormat, useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';
import { useSession } from '#web/lib/session';
import { useDownloadInvoice } from '../api/download-invoice';
import { failureReasonInline, nextStepText } from '../lib/order-texts';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderAttachments } from './order-attachments';
import { OrderItemsTable } from './order-items-table';
import { OrderReceipts } from './order-receipts';
import { OrderTimeline } from './order-timeline';

/** Inline on purpose: the page header puts its description inside a paragraph. */
function Dates({ order }: { order: OrderDetail }) {
  const t = useT();
  const f = useFormat();
  return (
    <span className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
      <span>
        {t('order.placed')}: <span className="text-slate-900">{f.dateTime(order.order_date)}</span>
      </span>
      <span>
        {t('order.detail.requested')}: <span className="text-slate-900">{f.date(order.schedule_date)}</span>
      </span>
      {order.status === 'Delivered' && order.delivery_date_time && (
        <span>
          {t('order.detail.deliveredAt')}:{' '}
          <span className="text-slate-900">{f.dateTime(order.delivery_date_time)}</span>
        </span>
      )}
      <span>{t('order.detail.timesIn')}</span>
    </span>
  );
}

/**
 * After a failed delivery, while the items wait at the store (or once they went back to Kandy):
 * what was not delivered, when, why, and what happens next, above everything else.
 */
function FailureNotice({ order }: { order: OrderDetail }) {
  const t = useT();
  const f = useFormat();
  const last = order.delivery_failures.at(-1);
  if (!last || !['delivery_failed', 'partly_delivered', 'returned'].includes(order.customer_stage))
    return null;
  const what = last.items
    .map((i) =>
      t('order.failure.item', {
        product: i.product_name,
        quantity: i.quantity,
        reason: failureReasonInline(t, i.reason),
      }),
    )
    .join(', ');
  const next = order.next_step ? nextStepText(t, order.next_step) : null;
  return (
    <Alert
      variant="warning"
      className="mb-4"
      title={
        last.delivered_items > 0
          ? t('order.failure.partly', {
              delivered: last.delivered_items,
              items: last.delivered_items + last.failed_items,
              date: f.dateTime(last.failed_at),
            })
          : t('order.failure.none', { date: f.dateTime(last.failed_at) })
      }
    >
      {t('order.failure.notDelivered', { what })}
      {next && ` ${next}`}
    </Alert>
  );
}

/** Everything a customer can see about one order; a Pending one can be changed or cancelled. */
export function OrderDetailView({ order, notice }: { order: OrderDetail; notice?: string | null }) {
  const t = useT();
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
        {t('order.detail.backToHistory')}
      </Link>
      <PageHeader
        pageTitle={t('order.number', { id: order.order_id })}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {t('order.number', { id: order.order_id })}
            <StageBadge label={order.status_label} stage={order.customer_stage} />
          </span>
        }
        description={<Dates order={order} />}
        actions={
          <>
            {canChange && (
              <Link to={paths.customer.editOrder(order.order_id)} className={buttonClasses('primary')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('order.detail.edit')}
              </Link>
            )}
            {canCancel && (
              <Button
                variant="secondary"
                className="text-red-700! ring-red-300! hover:bg-red-50!"
                onClick={() => setCancelOpen(true)}
              >
                <Ban aria-hidden="true" className="size-4" />
                {t('order.cancelOrder')}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => invoice.mutate(order.order_id)}
              loading={invoice.isPending}
            >
              {!invoice.isPending && <FileText aria-hidden="true" className="size-4" />}
              {t('order.detail.downloadInvoice')}
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
        <p className="mb-4 text-sm text-slate-600">{t('order.detail.pendingLead')}</p>
      )}
      {canCancel && (
        <CancelOrderDialog
          orderId={order.order_id}
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          onDone={(id) => setDone(t('order.cancelledReleased', { id }))}
        />
      )}
      <FailureNotice order={order} />
      {invoice.isError && (
        <Alert
          variant="error"
          title={t('order.invoiceFailed')}
          className="mb-4"
          onDismiss={() => invoice.reset()}
        >
          {knownText(t, invoice.error.message)}
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="overflow-hidden">
            <CardHeader title={t('order.items')} />
            <OrderItemsTable order={order} />
          </Card>
          <Card>
            <CardHeader title={t('order.delivery')} />
            <CardBody>
              <dl className="grid gap-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="font-medium text-slate-600">{t('order.deliveryAddress')}</dt>
                  <dd className="mt-1 whitespace-pre-line text-slate-900">{order.delivery_address || '—'}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-600">{t('order.specialInstructions')}</dt>
                  <dd className="mt-1 whitespace-pre-line text-slate-900">
                    {order.special_instructions || t('order.detail.none')}
                  </dd>
                </div>
              </dl>
            </CardBody>
          </Card>
          {order.receipts.length > 0 && (
            <Card>
              <CardHeader title={t('order.detail.proof')} />
              <CardBody>
                <OrderReceipts order={order} />
              </CardBody>
            </Card>
          )}
          <Card>
            <CardHeader title={t('order.attach.label')} />
            <CardBody>
              <OrderAttachments order={order} />
            </CardBody>
          </Card>
        </div>
        <Card className="lg:self-start">
          <CardHeader title={t('order.detail.tracking')} />
          <CardBody>
            <OrderTimeline order={order} />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
