import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { NewOrderForm } from '#web/features/orders/components/new-order-form';
import { NEW_ORDER_MESSAGES } from '#web/features/orders/lib/new-order-schema';
import { productKeys, useProducts } from '#web/features/products/api/get-products';
import { useSession } from '#web/lib/session';

/** /customer/new-order; `?product=<id>` (a search result) starts the first line with that product. */
export function NewOrderPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const product = params.get('product');
  const products = useProducts();
  const queryClient = useQueryClient();

  const blockedReason = !user
    ? NEW_ORDER_MESSAGES.notLoggedIn
    : user.customer_id === null
      ? NEW_ORDER_MESSAGES.noCustomer
      : null;

  return (
    <div>
      <PageHeader title="New Order" description="Choose a delivery date and the products you need." />
      {products.isPending ? (
        <Loading label="Loading products..." />
      ) : products.isError ? (
        <LoadError
          title="Failed to load products"
          error={products.error}
          onRetry={() => products.refetch()}
        />
      ) : (
        <NewOrderForm
          key={product ?? ''}
          initialProductId={product && /^\d+$/.test(product) ? Number(product) : null}
          products={products.data}
          customerId={user?.customer_id ?? null}
          blockedReason={blockedReason}
          // Placing an order reserves stock, so the available units change.
          onPlaced={() => queryClient.invalidateQueries({ queryKey: productKeys.all })}
        />
      )}
    </div>
  );
}
