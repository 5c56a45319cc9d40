import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  createProductRequest,
  inventoryProductSchema,
  movementListQuery,
  productDetailsRequest,
  productListResponse,
  stockChangeResponse,
  stockCountRequest,
  stockMovementListResponse,
  stockReceiptRequest,
} from '#shared/contract/products';
import { listProducts } from './products.queries';
import {
  createProduct,
  productMovements,
  recordCount,
  recordReceipt,
  updateDetails,
} from './products.service';

const refusals = { 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

export function registerProductRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/products',
    {
      config: { permission: 'products:read' },
      schema: {
        tags: ['products'],
        summary: 'Products with their available units',
        response: { 200: productListResponse },
      },
    },
    async () => listProducts(ctx.db),
  );

  app.post(
    '/api/products',
    {
      config: { permission: 'products:manage' },
      schema: {
        tags: ['products'],
        summary: 'Add a product, with its opening stock',
        body: createProductRequest,
        response: { 201: inventoryProductSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProduct(ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/products/:id/details',
    {
      config: { permission: 'products:manage' },
      schema: {
        tags: ['products'],
        summary: 'Change name, category, unit price, space per unit and reorder point (not the stock)',
        params: idParam,
        body: productDetailsRequest,
        response: { 200: inventoryProductSchema, ...refusals },
      },
    },
    async (request) => updateDetails(ctx, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/products/:id',
    {
      config: { permission: 'products:update-stock' },
      schema: {
        tags: ['products'],
        summary: 'A manual count: set the available units (recorded as a movement of the difference)',
        description:
          'Send `previous_units`, the units the count was made against: the difference is applied to the current balance, so units reserved by orders meanwhile stay reserved. A count whose reading another count, a receipt or a return has overtaken is refused with 409 naming the balance then and now.',
        params: idParam,
        body: stockCountRequest,
        response: { 200: stockChangeResponse, ...refusals },
      },
    },
    async (request) => recordCount(ctx, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/products/:id/receipts',
    {
      config: { permission: 'products:update-stock' },
      schema: {
        tags: ['products'],
        summary: 'Record new production arriving at the Kandy warehouse',
        params: idParam,
        body: stockReceiptRequest,
        response: { 201: stockChangeResponse, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordReceipt(ctx, currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/products/:id/movements',
    {
      config: { permission: 'stock:read' },
      schema: {
        tags: ['products'],
        summary: "The product's stock ledger, newest first; the total is in X-Total-Count",
        params: idParam,
        querystring: movementListQuery,
        response: { 200: stockMovementListResponse, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { page, page_size } = request.query;
      const { total, rows } = await productMovements(ctx, request.params.id, page, page_size);
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );
}
