import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { can } from '#shared/permissions';
import { portalForRole } from '#shared/roles';
import { Alert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { PaginationBar } from '#web/components/ui/pagination-bar';
import { Loading } from '#web/components/ui/spinner';
import { knownText } from '#web/i18n/known-texts';
import { useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';
import { useSession } from '#web/lib/session';
import { useDownloadInvoice } from '../api/download-invoice';
import { useOrders } from '../api/get-orders';
import type { OrderListParams } from '../api/order-keys';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrdersTable } from './orders-table';

export interface OrderHistoryListProps {
  query: OrderListParams;
  onPageChange: (page: number) => void;
}

/** One page of the order history with its loading, error and empty states. */
export function OrderHistoryList({ query, onPageChange }: OrderHistoryListProps) {
  const orders = useOrders(query);
  const invoice = useDownloadInvoice();
  const { user } = useSession();
  const mayCancel = can(portalForRole(user?.role), 'orders:cancel-own');
  const [cancelId, setCancelId] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState<number | null>(null);
  const t = useT();

  if (orders.isPending) return <Loading label={t('customer.history.loading')} />;
  if (orders.isError) {
    return (
      <div className="p-5">
        <LoadError
          title={t('customer.history.loadFailed')}
          error={orders.error}
          onRetry={() => orders.refetch()}
        />
      </div>
    );
  }

  const { rows, total } = orders.data;
  return (
    <div className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
      {invoice.isError && (
        <div className="p-4">
          <Alert variant="error" title={t('order.invoiceFailed')} onDismiss={() => invoice.reset()}>
            {knownText(t, invoice.error.message)}
          </Alert>
        </div>
      )}
      {cancelled !== null && (
        <div className="p-4">
          <Alert variant="success" onDismiss={() => setCancelled(null)}>
            {t('order.cancelledReleased', { id: cancelled })}
          </Alert>
        </div>
      )}
      {cancelId !== null && (
        <CancelOrderDialog
          key={cancelId}
          orderId={cancelId}
          open
          onOpenChange={(open) => !open && setCancelId(null)}
          onDone={setCancelled}
        />
      )}
      {rows.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title={t('customer.history.none')}
          description={query.q ? t('customer.history.noMatch', { q: query.q }) : undefined}
          action={
            <Link to={paths.customer.newOrder} className={buttonClasses('primary', 'sm')}>
              {t('customer.history.placeOrder')}
            </Link>
          }
        />
      ) : (
        <OrdersTable
          rows={rows}
          onInvoice={(id) => invoice.mutate(id)}
          invoicePendingId={invoice.isPending ? invoice.variables : null}
          onCancel={mayCancel ? setCancelId : undefined}
        />
      )}
      <div className="border-t border-slate-100 px-4 py-3">
        <PaginationBar
          page={query.page}
          pageSize={query.page_size}
          total={total}
          onPageChange={onPageChange}
        />
      </div>
    </div>
  );
}
