import type { App, AppContext } from '#server/context';
import { errorSchema } from '#shared/contract/common';
import {
  RECENT_UPDATES,
  STOCK_TREND_DAYS,
  type WarehouseStats,
  warehouseStatsSchema,
} from '#shared/contract/warehouse-dashboard';
import { businessDate } from '#shared/dates';
import * as q from './warehouse-dashboard.queries';

export function registerWarehouseDashboardRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/dashboard/warehouse-manager-stats',
    {
      config: { permission: 'dashboard:warehouse' },
      schema: {
        tags: ['dashboard'],
        summary: 'Stock totals, recent movements, units per category and the daily stock trend',
        response: { 200: warehouseStatsSchema, 403: errorSchema },
      },
    },
    async (): Promise<WarehouseStats> =>
      q.warehouseStats(ctx.db, businessDate(ctx.clock()), STOCK_TREND_DAYS, RECENT_UPDATES),
  );
}
