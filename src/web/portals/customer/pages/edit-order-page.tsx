import { ArrowLeft, PackageX } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useOrder } from '#web/features/orders/api/get-order';
import { EditOrderForm } from '#web/features/orders/components/edit-order-form';
import { orderStatusName } from '#web/features/orders/lib/order-texts';
import { useProducts } from '#web/features/products/api/get-products';
import { useT } from '#web/i18n/provider';
import { ApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';

function NotEditable({
  title,
  description,
  orderId,
}: {
  title: string;
  description: string;
  orderId?: number;
}) {
  const t = useT();
  return (
    <Card>
      <EmptyState
        icon={PackageX}
        title={title}
        description={description}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {orderId !== undefined && (
              <Link to={paths.customer.order(orderId)} className={buttonClasses('primary', 'sm')}>
                {t('order.edit.backToOrder')}
              </Link>
            )}
            <Link to={paths.customer.support} className={buttonClasses('secondary', 'sm')}>
              {t('order.contactSupport')}
            </Link>
          </div>
        }
      />
    </Card>
  );
}

function EditOrderContent({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  const products = useProducts();
  const navigate = useNavigate();
  const t = useT();
  if (order.isPending || products.isPending) return <Loading label={t('order.detail.loading')} />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return <NotEditable title={t('order.detail.notFound')} description={t('order.detail.notFoundLead')} />;
    }
    return (
      <LoadError title={t('order.detail.loadFailed')} error={order.error} onRetry={() => order.refetch()} />
    );
  }
  if (products.isError) {
    return (
      <LoadError
        title={t('order.new.loadProductsFailed')}
        error={products.error}
        onRetry={() => products.refetch()}
      />
    );
  }
  const { data } = order;
  return (
    <div>
      <Link
        to={paths.customer.order(orderId)}
        className="mb-3 inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('order.edit.backTo', { id: orderId })}
      </Link>
      <PageHeader title={t('order.edit.title', { id: orderId })} description={t('order.edit.lead')} />
      {data.status === 'Pending' ? (
        <EditOrderForm
          order={data}
          products={products.data}
          onSaved={() =>
            navigate(paths.customer.order(orderId), {
              state: { notice: t('order.edit.saved', { id: orderId }) },
            })
          }
        />
      ) : (
        <NotEditable
          orderId={orderId}
          title={t('order.edit.locked', { id: orderId })}
          description={t('order.edit.lockedLead', { status: orderStatusName(t, data.status) })}
        />
      )}
    </div>
  );
}

/** /customer/orders/{id}/edit: change a Pending order's items and delivery date. */
export function EditOrderPage() {
  const { orderId } = useParams();
  const t = useT();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) {
    return <NotEditable title={t('order.detail.notFound')} description={t('order.detail.notFoundLead')} />;
  }
  return <EditOrderContent key={id} orderId={id} />;
}
