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
import { useProducts } from '#web/features/products/api/get-products';
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
                Back to the order
              </Link>
            )}
            <Link to={paths.customer.support} className={buttonClasses('secondary', 'sm')}>
              Contact support
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
  if (order.isPending || products.isPending) return <Loading label="Loading order..." />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <NotEditable
          title="Order not found"
          description="We could not find this order in your account. It may have a different number."
        />
      );
    }
    return <LoadError title="Failed to load the order" error={order.error} onRetry={() => order.refetch()} />;
  }
  if (products.isError) {
    return (
      <LoadError title="Failed to load products" error={products.error} onRetry={() => products.refetch()} />
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
        Back to order #{orderId}
      </Link>
      <PageHeader
        title={`Edit order #${orderId}`}
        description="Change the items and the delivery date while the order waits for our approval."
      />
      {data.status === 'Pending' ? (
        <EditOrderForm
          order={data}
          products={products.data}
          onSaved={() =>
            navigate(paths.customer.order(orderId), {
              state: { notice: `Your changes to order #${orderId} are saved.` },
            })
          }
        />
      ) : (
        <NotEditable
          orderId={orderId}
          title={`Order #${orderId} can no longer be changed online`}
          description={`It is ${data.status}: only a Pending order can be changed here. Contact support and we will help.`}
        />
      )}
    </div>
  );
}

/** /customer/orders/{id}/edit: change a Pending order's items and delivery date. */
export function EditOrderPage() {
  const { orderId } = useParams();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <NotEditable
        title="Order not found"
        description="We could not find this order in your account. It may have a different number."
      />
    );
  }
  return <EditOrderContent key={id} orderId={id} />;
}
