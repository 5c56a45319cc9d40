import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { claimUpload, receiveMultipart } from '#server/http/uploads';
import { attachmentDisposition } from '#server/lib/content-disposition';
import { abandoned, renderPdf } from '#server/workers/pdf-pool';
import { errorSchema, idParam, idString } from '#shared/contract/common';
import {
  createOrderRequest,
  createOrderResponse,
  orderDetailSchema,
  orderListQuery,
  orderListResponse,
} from '#shared/contract/orders';
import { ORDER_UPLOAD_RULES } from './order-attachments';
import { ordersCsv } from './order-documents';
import {
  exportOrderBatches,
  getOrderDetail,
  invoiceLanguage,
  listOrdersPage,
  openAttachment,
  placeOrder,
} from './orders.service';

/**
 * The new-order form may send multipart: a JSON field `payload` (the same body as the JSON
 * call) and `files`, streamed to disk as they arrive (http/uploads.ts). Read before validation
 * so both forms are validated by one schema; the order and its files are kept together.
 */
function readMultipartOrder(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    request.body = await receiveMultipart(request, ctx.files, ORDER_UPLOAD_RULES);
  };
}

const attachmentParams = z.object({ id: idString, attachmentId: idString });
const exportQuery = orderListQuery.omit({ page: true, page_size: true, after: true });
const EXPORT_LIMIT = 100_000;

export function registerOrderRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/customers/:id/orders',
    {
      config: { permission: 'orders:create' },
      preValidation: readMultipartOrder(ctx),
      schema: {
        tags: ['orders'],
        summary: 'Place an order (JSON, or multipart with a JSON `payload` field and `files`)',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParam,
        body: createOrderRequest,
        response: { 201: createOrderResponse, 403: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const files = claimUpload(request);
      const created = await placeOrder(ctx, currentUser(request), request.params.id, request.body, files);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/orders',
    {
      config: { permission: 'orders:read' },
      schema: {
        tags: ['orders'],
        summary:
          'Orders, newest first; the total is in X-Total-Count (X-Total-Count-Capped: true when a text search matched more than it counts); after=<order id> pages by keyset',
        querystring: orderListQuery,
        response: { 200: orderListResponse },
      },
    },
    async (request, reply) => {
      const { total, capped, rows } = await listOrdersPage(ctx, currentUser(request), request.query);
      if (capped) reply.header('X-Total-Count-Capped', 'true');
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    '/api/orders/export.csv',
    {
      // every page of the list, up to EXPORT_LIMIT orders: a turn of the exports' (http/heavy-work.ts)
      config: { permission: 'orders:read', heavy: 'export' },
      schema: { tags: ['orders'], summary: 'The filtered order list as CSV', querystring: exportQuery },
    },
    async (request, reply) => {
      const csv = await ordersCsv(exportOrderBatches(ctx, currentUser(request), request.query, EXPORT_LIMIT));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition('orders.csv'))
        .send(csv);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      config: { permission: 'orders:read' },
      schema: { tags: ['orders'], params: idParam, response: { 200: orderDetailSchema, 404: errorSchema } },
    },
    async (request) => getOrderDetail(ctx.db, currentUser(request), request.params.id, ctx.clock()),
  );

  app.get(
    '/api/orders/:id/invoice.pdf',
    {
      config: { permission: 'orders:read', heavy: 'pdf' },
      schema: { tags: ['orders'], summary: 'Invoice as PDF', params: idParam },
    },
    async (request, reply) => {
      const order = await getOrderDetail(ctx.db, currentUser(request), request.params.id, ctx.clock());
      const language = await invoiceLanguage(ctx.db, currentUser(request), order.customer_id);
      const pdf = await renderPdf(
        'invoice',
        { order, issuedAt: ctx.clock(), language },
        abandoned(reply.raw),
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`invoice-${order.order_id}.pdf`))
        .send(pdf);
    },
  );

  app.get(
    '/api/orders/:id/attachments/:attachmentId',
    { config: { permission: 'orders:read' }, schema: { tags: ['orders'], params: attachmentParams } },
    async (request, reply) => {
      const file = await openAttachment(
        ctx,
        currentUser(request),
        request.params.id,
        request.params.attachmentId,
      );
      return reply
        .type(file.contentType)
        .header('Content-Length', String(file.sizeBytes))
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .send(file.body);
    },
  );
}
