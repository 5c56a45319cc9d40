import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { DeliveryDefaults } from '#shared/contract/customer-orders';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useDeliveryDefaults } from '#web/features/orders/api/get-delivery-defaults';
import { NewOrderForm } from '#web/features/orders/components/new-order-form';
import { DELIVERY_CITIES } from '#web/features/orders/lib/delivery-cities';
import { NEW_ORDER_MESSAGES } from '#web/features/orders/lib/new-order-schema';
import { productKeys, useProducts } from '#web/features/products/api/get-products';
import { useSession } from '#web/lib/session';

const HINTS: Record<DeliveryDefaults['source'], string> = {
  last_order: 'The address of your last order. Change it if this order goes elsewhere.',
  sign_up: 'The address you gave when you signed up. Change it if this order goes elsewhere.',
  none: '',
};

/** The delivery details a new order starts from; a city only when it is one of the form's. */
function startingDelivery(defaults: DeliveryDefaults) {
  const city = DELIVERY_CITIES.find((c) => c.toLowerCase() === defaults.city?.toLowerCase()) ?? '';
  return { address: defaults.delivery_address, city, hint: HINTS[defaults.source] };
}

/** /customer/new-order; `?product=<id>` (a search result) starts the first line with that product. */
export function NewOrderPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const product = params.get('product');
  const products = useProducts();
  const defaults = useDeliveryDefaults(user?.customer_id ?? null);
  const queryClient = useQueryClient();

  const blockedReason = !user
    ? NEW_ORDER_MESSAGES.notLoggedIn
    : user.customer_id === null
      ? NEW_ORDER_MESSAGES.noCustomer
      : null;

  return (
    <div>
      <PageHeader title="New Order" description="Choose a delivery date and the products you need." />
      {products.isPending || (defaults.isPending && defaults.fetchStatus !== 'idle') ? (
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
          // without them (not loaded) the address starts empty, as the customer can type it
          initialDelivery={defaults.data ? startingDelivery(defaults.data) : null}
          // Placing an order reserves stock, so the available units change.
          onPlaced={() => queryClient.invalidateQueries({ queryKey: productKeys.all })}
        />
      )}
    </div>
  );
}
