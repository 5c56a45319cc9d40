import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { badRequest, unprocessable } from '#server/http/errors';
import { errorSchema, idParam, idString } from '#shared/contract/common';
import {
  createOrderRequest,
  createOrderResponse,
  orderDetailSchema,
  orderListQuery,
  orderListResponse,
} from '#shared/contract/orders';
import { invoicePdf, ordersCsv } from './order-documents';
import {
  checkAttachment,
  getAttachment,
  getOrderDetail,
  listOrdersPage,
  placeOrder,
  type UploadedFile,
} from './orders.service';

const uploads = new WeakMap<FastifyRequest, UploadedFile[]>();

/**
 * The new-order form may send multipart: a JSON field `payload` (the same body as the JSON
 * call) and `files`. Parsed before validation so both forms are validated by one schema and
 * the order and its files are written in one transaction.
 */
async function readMultipartOrder(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  let payload: unknown;
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!part.filename) {
        await part.toBuffer();
        continue;
      }
      checkAttachment(part.filename, 0);
      files.push({ fileName: part.filename, contentType: part.mimetype, data: await part.toBuffer() });
    } else if (part.fieldname === 'payload') {
      try {
        payload = JSON.parse(String(part.value));
      } catch {
        throw badRequest('payload: the order fields must be valid JSON');
      }
    }
  }
  if (payload === undefined)
    throw unprocessable('payload: the order fields are required as a JSON field named payload');
  request.body = payload;
  uploads.set(request, files);
}

const attachmentParams = z.object({ id: idString, attachmentId: idString });
const exportQuery = orderListQuery.omit({ page: true, page_size: true });
const EXPORT_LIMIT = 100_000;

export function registerOrderRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/customers/:id/orders',
    {
      config: { permission: 'orders:create' },
      preValidation: readMultipartOrder,
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
      const created = await placeOrder(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
        uploads.get(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/orders',
    {
      config: { permission: 'orders:read' },
      schema: {
        tags: ['orders'],
        summary: 'Orders, newest first; the total count is in X-Total-Count',
        querystring: orderListQuery,
        response: { 200: orderListResponse },
      },
    },
    async (request, reply) => {
      const { total, rows } = await listOrdersPage(ctx, currentUser(request), request.query);
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    '/api/orders/export.csv',
    {
      config: { permission: 'orders:read' },
      schema: { tags: ['orders'], summary: 'The filtered order list as CSV', querystring: exportQuery },
    },
    async (request, reply) => {
      const { rows } = await listOrdersPage(ctx, currentUser(request), {
        ...request.query,
        page: 1,
        page_size: EXPORT_LIMIT,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="orders.csv"')
        .send(ordersCsv(rows));
    },
  );

  app.get(
    '/api/orders/:id',
    {
      config: { permission: 'orders:read' },
      schema: { tags: ['orders'], params: idParam, response: { 200: orderDetailSchema, 404: errorSchema } },
    },
    async (request) => getOrderDetail(ctx.db, currentUser(request), request.params.id),
  );

  app.get(
    '/api/orders/:id/invoice.pdf',
    {
      config: { permission: 'orders:read' },
      schema: { tags: ['orders'], summary: 'Invoice as PDF', params: idParam },
    },
    async (request, reply) => {
      const order = await getOrderDetail(ctx.db, currentUser(request), request.params.id);
      const pdf = await invoicePdf(order, ctx.clock());
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${order.order_id}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/orders/:id/attachments/:attachmentId',
    { config: { permission: 'orders:read' }, schema: { tags: ['orders'], params: attachmentParams } },
    async (request, reply) => {
      const file = await getAttachment(
        ctx,
        currentUser(request),
        request.params.id,
        request.params.attachmentId,
      );
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`)
        .send(file.data);
    },
  );
}
