import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import { returnToKandyRequest, returnToKandyResponse } from '#shared/contract/order-returns';
import { returnToKandy } from './order-returns.service';

/** A failed delivery's undelivered items sent back to Kandy and credited (decision 0058). */
export function registerOrderReturnRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/orders/:id/return-to-kandy',
    {
      config: { permission: 'orders:return-to-kandy' },
      schema: {
        tags: ['orders'],
        summary:
          "After a failed delivery: the order's undelivered items go back to Kandy's stock (ledger: delivery_returned) and are credited; the order closes Delivered for what was delivered, or Cancelled when nothing was",
        params: idParam,
        body: returnToKandyRequest.nullish(),
        response: { 200: returnToKandyResponse, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request) => returnToKandy(ctx, currentUser(request), request.params.id, request.body ?? {}),
  );
}
