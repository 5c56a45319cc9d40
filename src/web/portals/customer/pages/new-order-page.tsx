import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { DeliveryDefaults } from '#shared/contract/customer-orders';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useDeliveryDefaults } from '#web/features/orders/api/get-delivery-defaults';
import { NewOrderForm } from '#web/features/orders/components/new-order-form';
import { DELIVERY_CITIES } from '#web/features/orders/lib/delivery-cities';
import { productKeys, useProducts } from '#web/features/products/api/get-products';
import { type MessageKey, type Translate, useT } from '#web/i18n/provider';
import { useSession } from '#web/lib/session';

const HINTS: Record<DeliveryDefaults['source'], MessageKey | null> = {
  last_order: 'order.new.hintLastOrder',
  sign_up: 'order.new.hintSignUp',
  none: null,
};

/** The delivery details a new order starts from; a city only when it is one of the form's. */
function startingDelivery(t: Translate, defaults: DeliveryDefaults) {
  const city = DELIVERY_CITIES.find((c) => c.toLowerCase() === defaults.city?.toLowerCase()) ?? '';
  return {
    address: defaults.delivery_address,
    city,
    hint: HINTS[defaults.source] ? t(HINTS[defaults.source]!) : '',
  };
}

/** /customer/new-order; `?product=<id>` (a search result) starts the first line with that product. */
export function NewOrderPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const product = params.get('product');
  const products = useProducts();
  const defaults = useDeliveryDefaults(user?.customer_id ?? null);
  const queryClient = useQueryClient();
  const t = useT();

  const blockedReason = !user
    ? t('order.new.notLoggedIn')
    : user.customer_id === null
      ? t('order.new.noCustomer')
      : null;

  return (
    <div>
      <PageHeader title={t('nav.newOrder')} description={t('order.new.lead')} />
      {products.isPending || (defaults.isPending && defaults.fetchStatus !== 'idle') ? (
        <Loading label={t('order.new.loadingProducts')} />
      ) : products.isError ? (
        <LoadError
          title={t('order.new.loadProductsFailed')}
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
          initialDelivery={defaults.data ? startingDelivery(t, defaults.data) : null}
          // Placing an order reserves stock, so the available units change.
          onPlaced={() => queryClient.invalidateQueries({ queryKey: productKeys.all })}
        />
      )}
    </div>
  );
}
