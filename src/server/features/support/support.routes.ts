import type { App, AppContext } from '#server/context';
import { withActor } from '#server/db/client';
import { currentUser } from '#server/http/auth-context';
import { forbidden, unprocessable } from '#server/http/errors';
import { errorSchema } from '#shared/contract/common';
import { createSupportRequest, supportRequestSchema } from '#shared/contract/support';
import { insertSupportRequest, listSupportRequests, orderBelongsTo } from './support.queries';

export function registerSupportRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/support/requests',
    {
      config: { permission: 'support:create' },
      schema: {
        tags: ['support'],
        summary: 'A customer asks for help; staff see it in the support list',
        body: createSupportRequest,
        response: { 201: supportRequestSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const customerId = user.customerId;
      if (customerId === null) throw forbidden('Your account is not linked to a customer profile');
      const body = request.body;
      const created = await withActor(ctx.db, user.userId, async (tx) => {
        if (body.order_id && !(await orderBelongsTo(tx, body.order_id, customerId))) {
          throw unprocessable(`order_id: order ${body.order_id} is not one of your orders`);
        }
        const id = await insertSupportRequest(tx, {
          customerId,
          userId: user.userId,
          orderId: body.order_id ?? null,
          subject: body.subject,
          message: body.message,
          createdAt: ctx.clock(),
        });
        return (await listSupportRequests(tx, customerId, id))[0]!;
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/support/requests',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['support'],
        summary: 'Support requests (a customer sees its own)',
        response: { 200: supportRequestSchema.array() },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return listSupportRequests(ctx.db, user.portal === 'customer' ? (user.customerId ?? -1) : null);
    },
  );
}
