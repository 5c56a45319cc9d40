import type { App, AppContext } from '#server/context';
import { errorSchema, idParam } from '#shared/contract/common';
import { storeListResponse, storeStockSchema } from '#shared/contract/stores';
import { listStores } from './stores.queries';
import { storeStock } from './stores.service';

export function registerStoreRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/stores',
    {
      config: { permission: 'stores:read' },
      schema: {
        tags: ['stores'],
        summary: 'The stores near the railway stations, by city',
        response: { 200: storeListResponse },
      },
    },
    async () => listStores(ctx.db),
  );

  app.get(
    '/api/stores/:id/stock',
    {
      config: { permission: 'stock:read' },
      schema: {
        tags: ['stores'],
        summary: 'What sits at the store now (arrived by train, truck not left) and what is on its way',
        params: idParam,
        response: { 200: storeStockSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => storeStock(ctx, request.params.id),
  );
}
