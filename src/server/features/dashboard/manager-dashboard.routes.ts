import type { App, AppContext } from '#server/context';
import { managerStatsSchema } from '#shared/contract/manager-dashboard';
import { managerStats } from './manager-stats.service';

export function registerManagerDashboardRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/dashboard/manager-stats',
    {
      config: { permission: 'dashboard:manager' },
      schema: {
        tags: ['dashboard'],
        summary:
          "The manager's figures: active trips and deliveries, pending orders, on-time rate (last 30 days), upcoming trips, pending orders by deadline, alerts",
        response: { 200: managerStatsSchema },
      },
    },
    async () => managerStats(ctx),
  );
}
