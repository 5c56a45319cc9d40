import type { App, AppContext } from '#server/context';
import {
  adminAlertsSchema,
  adminChartDataSchema,
  adminChartQuery,
  adminStatsSchema,
} from '#shared/contract/admin-dashboard';
import { errorSchema } from '#shared/contract/common';
import { adminAlerts, adminChartData, adminStats } from './admin-dashboard.service';

export function registerAdminDashboardRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/dashboard/admin-stats',
    {
      config: { permission: 'dashboard:admin' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Order counts, active users, train/truck utilisation (last and next 30 days), staff on a delivery this week',
        response: { 200: adminStatsSchema },
      },
    },
    async () => adminStats(ctx),
  );

  app.get(
    '/api/dashboard/admin-chart-data',
    {
      config: { permission: 'dashboard:admin' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Revenue per month and customer type with growth against the previous period; default the last 12 months',
        querystring: adminChartQuery,
        response: { 200: adminChartDataSchema, 422: errorSchema },
      },
    },
    async (request) => adminChartData(ctx, request.query),
  );

  app.get(
    '/api/dashboard/admin-alerts',
    {
      config: { permission: 'dashboard:admin' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Late and failed deliveries, stock out or low, orders near their date without a train, trips above 90 %',
        response: { 200: adminAlertsSchema },
      },
    },
    async () => adminAlerts(ctx),
  );
}
