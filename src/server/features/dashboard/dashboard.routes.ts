import type { App, AppContext } from '#server/context';
import { customerStats } from '#server/features/orders/index';
import { currentUser } from '#server/http/auth-context';
import { customerStatsSchema } from '#shared/contract/orders';

export function registerDashboardRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/dashboard/customer-stats',
    {
      config: { permission: 'dashboard:customer' },
      schema: {
        tags: ['dashboard'],
        summary: "The customer's order counts and recent orders",
        response: { 200: customerStatsSchema },
      },
    },
    async (request) => customerStats(ctx, currentUser(request)),
  );
}
