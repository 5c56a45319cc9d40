import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  cancelOwnOrderRequest,
  cancelOwnOrderResponse,
  changeOrderRequest,
  deliveryDefaultsSchema,
} from '#shared/contract/customer-orders';
import { orderDetailSchema } from '#shared/contract/orders';
import { cancelOwnOrder, changeOwnOrder } from './customer-orders.service';
import { deliveryDefaults } from './delivery-defaults.service';

/** What a customer does with its own orders besides placing them (decision 0063). */
export function registerCustomerOrderRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/orders/:id/cancel',
    {
      config: { permission: 'orders:cancel-own' },
      schema: {
        tags: ['orders'],
        summary:
          'The customer cancels its own Pending order (optional reason): stock returned, managers told; 409 once it is Scheduled or later',
        params: idParam,
        body: cancelOwnOrderRequest.nullish(),
        response: { 200: cancelOwnOrderResponse, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => cancelOwnOrder(ctx, currentUser(request), request.params.id, request.body ?? {}),
  );

  app.patch(
    '/api/orders/:id',
    {
      config: { permission: 'orders:change-own' },
      schema: {
        tags: ['orders'],
        summary:
          "The customer changes its own Pending order's items (the whole new list) and/or requested date, with the rules of placing it; answers the order",
        params: idParam,
        body: changeOrderRequest,
        response: { 200: orderDetailSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request) => changeOwnOrder(ctx, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/customers/:id/delivery-defaults',
    {
      config: { permission: 'orders:create' },
      schema: {
        tags: ['orders'],
        summary:
          "Where a new order's delivery details start: the latest order's address and city, else the address given at sign-up",
        params: idParam,
        response: { 200: deliveryDefaultsSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => deliveryDefaults(ctx, currentUser(request), request.params.id),
  );
}
