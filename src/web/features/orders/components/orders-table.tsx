import { Ban, Download, Eye } from 'lucide-react';
import { Link } from 'react-router';
import type { OrderSummary } from '#shared/contract/orders';
import { Button, buttonClasses } from '#web/components/ui/button';
import { DataTable } from '#web/components/ui/data-table';
import { StageBadge } from '#web/components/ui/stage-badge';
import { useFormat, useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';

export interface OrdersTableProps {
  rows: readonly OrderSummary[];
  onInvoice: (orderId: number) => void;
  /** The order whose invoice is being downloaded. */
  invoicePendingId?: number | null;
  /** Offered on Pending orders when the customer may cancel them (asks for confirmation). */
  onCancel?: (orderId: number) => void;
}

/**
 * The customer's orders: number, dates, status, items, total, with View, Invoice (and Cancel)
 * actions; a card per order on phones, its status, total and actions in sight.
 */
export function OrdersTable({ rows, onInvoice, invoicePendingId, onCancel }: OrdersTableProps) {
  const t = useT();
  const f = useFormat();
  return (
    <DataTable
      caption={t('customer.history.caption')}
      rows={rows}
      rowKey={(o) => o.order_id}
      columns={[
        {
          header: t('order.numberHeader'),
          cell: (o) => `#${o.order_id}`,
          className: 'font-medium text-slate-900',
        },
        { header: t('order.placed'), cell: (o) => f.date(o.order_date), className: 'whitespace-nowrap' },
        {
          header: t('order.deliveryDate'),
          cell: (o) => f.date(o.schedule_date),
          className: 'whitespace-nowrap',
        },
        {
          header: t('order.status'),
          cell: (o) => <StageBadge label={o.status_label} stage={o.customer_stage} />,
          card: 'aside',
        },
        {
          header: t('order.items'),
          cell: (o) => f.number(o.item_count),
          align: 'right',
          className: 'tabular-nums',
        },
        {
          header: t('order.total'),
          cell: (o) => f.money(o.total),
          align: 'right',
          className: 'font-medium tabular-nums text-slate-900',
        },
        {
          header: <span className="sr-only">{t('order.actions')}</span>,
          align: 'right',
          className: 'whitespace-nowrap',
          cell: (order) => (
            <div className="flex flex-wrap justify-end gap-2 cards:pt-1 table-wide:flex-nowrap">
              <Link
                to={paths.customer.order(order.order_id)}
                className={buttonClasses('secondary', 'sm')}
                title={t('order.view', { id: order.order_id })}
              >
                <Eye aria-hidden="true" className="size-4" />
                {t('order.viewShort')}
              </Link>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onInvoice(order.order_id)}
                loading={invoicePendingId === order.order_id}
                title={t('order.invoiceOf', { id: order.order_id })}
              >
                {invoicePendingId !== order.order_id && <Download aria-hidden="true" className="size-4" />}
                {t('order.invoice')}
              </Button>
              {onCancel && order.status === 'Pending' && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700! hover:bg-red-50!"
                  onClick={() => onCancel(order.order_id)}
                  title={t('order.cancelOf', { id: order.order_id })}
                >
                  <Ban aria-hidden="true" className="size-4" />
                  {t('order.cancel')}
                </Button>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
