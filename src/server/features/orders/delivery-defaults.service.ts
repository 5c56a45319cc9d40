import type { AppContext } from '#server/context';
import { type AuthUser, assertCustomerAccess } from '#server/http/auth-context';
import { notFound } from '#server/http/errors';
import type { DeliveryDefaults } from '#shared/contract/customer-orders';
import { findDeliveryDefaults } from './customer-orders.queries';

/**
 * GET /customers/{id}/delivery-defaults: where a new order's delivery details start: the latest
 * order's address and city when the customer has ordered before, else the address given at
 * sign-up ("company or address"), else nothing. The customer may still change them.
 */
export async function deliveryDefaults(
  ctx: AppContext,
  user: AuthUser,
  customerId: number,
): Promise<DeliveryDefaults> {
  assertCustomerAccess(user, customerId);
  const row = await findDeliveryDefaults(ctx.db, customerId);
  if (!row) throw notFound(`Customer ${customerId} not found`);
  if (row.last_address) {
    return {
      customer_name: row.customer_name,
      delivery_address: row.last_address,
      city: row.last_city ?? row.customer_city,
      source: 'last_order',
    };
  }
  const address = row.address.trim();
  return {
    customer_name: row.customer_name,
    delivery_address: address,
    city: row.customer_city,
    source: address ? 'sign_up' : 'none',
  };
}
