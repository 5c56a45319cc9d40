import type { App, AppContext } from '#server/context';
import { productListResponse } from '#shared/contract/products';
import { listProducts } from './products.queries';

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
}
