import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  closeSupportRequest,
  createSupportMessage,
  createSupportRequest,
  supportListQuery,
  supportRequestDetailSchema,
  supportRequestSchema,
} from '#shared/contract/support';
import { closeRequest, createRequest, getRequest, listRequests, postMessage } from './support.service';

export function registerSupportRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/support/requests',
    {
      config: { permission: 'support:create' },
      schema: {
        tags: ['support'],
        summary: 'A customer asks for help; managers and admins are notified and see it in the support inbox',
        body: createSupportRequest,
        response: { 201: supportRequestSchema, 403: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const created = await createRequest(ctx, currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/support/requests',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['support'],
        summary:
          'Support requests, newest activity first (a customer sees its own); filter by status, staff search by request or order number or customer name; X-Next-Cursor carries the cursor of the next page when there is one',
        querystring: supportListQuery,
        response: { 200: supportRequestSchema.array(), 422: errorSchema },
      },
    },
    async (request, reply) => {
      const { rows, next } = await listRequests(ctx, currentUser(request), request.query);
      if (next) reply.header('X-Next-Cursor', next);
      return reply.send(rows);
    },
  );

  app.get(
    '/api/support/requests/:id',
    {
      config: { permission: 'support:read' },
      schema: {
        tags: ['support'],
        summary:
          'A support request with its customer, its order and the conversation (a customer: its own only)',
        params: idParam,
        response: { 200: supportRequestDetailSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => getRequest(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/api/support/requests/:id/messages',
    {
      config: { permission: 'support:reply' },
      schema: {
        tags: ['support'],
        summary:
          "A message on a request: a manager's or admin's answers it (refused when closed), the customer's own reopens it; the other side is notified",
        params: idParam,
        body: createSupportMessage,
        response: {
          201: supportRequestDetailSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const detail = await postMessage(ctx, currentUser(request), request.params.id, request.body);
      return reply.status(201).send(detail);
    },
  );

  app.post(
    '/api/support/requests/:id/close',
    {
      config: { permission: 'support:answer' },
      schema: {
        tags: ['support'],
        summary:
          'Close a request, with or without a last message; the customer is notified (409 when already closed)',
        params: idParam,
        body: closeSupportRequest.nullish(),
        response: { 200: supportRequestDetailSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request) => closeRequest(ctx, currentUser(request), request.params.id, request.body),
  );
}
