import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { registerReport } from '#server/http/report-route';
import { errorSchema } from '#shared/contract/common';
import { dismissalParams, dismissalSchema, inventoryAlertSchema } from '#shared/contract/inventory-alerts';
import { dismissAlert, inventoryAlerts, restoreAlert } from './inventory-alerts.service';

export function registerInventoryAlertRoutes(app: App, ctx: AppContext): void {
  registerReport(app, ctx, {
    name: 'inventory-alerts',
    title: 'Inventory Alerts',
    description:
      'Products out of stock or below their reorder point, now: critical at or below a third of the reorder point, else warning; with the suggested reorder point and the demand of pending orders in the next 14 days. The period does not apply (alerts are about the stock now).',
    permission: 'reports:stock',
    row: inventoryAlertSchema,
    columns: [
      { key: 'product_id', label: 'Product ID', kind: 'int' },
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'alert_level', label: 'Alert level' },
      { key: 'available_units', label: 'Available units', kind: 'int', total: 'sum' },
      { key: 'reorder_point', label: 'Reorder point', kind: 'int' },
      { key: 'suggested_reorder_point', label: 'Suggested reorder point', kind: 'int' },
      { key: 'reorder_quantity', label: 'Reorder quantity', kind: 'int', total: 'sum' },
      { key: 'pending_demand_units', label: 'Pending demand (14 days)', kind: 'int', total: 'sum' },
    ],
    run: (c, user) => inventoryAlerts(c, user),
  });

  app.post(
    '/api/inventory-alerts/:product_id/dismissal',
    {
      config: { permission: 'inventory-alerts:dismiss' },
      schema: {
        tags: ['reports'],
        summary: "Dismiss the product's low-stock alert for the signed-in user (it returns if it gets worse)",
        params: dismissalParams,
        response: { 200: dismissalSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => dismissAlert(ctx, currentUser(request), request.params.product_id),
  );

  app.delete(
    '/api/inventory-alerts/:product_id/dismissal',
    {
      config: { permission: 'inventory-alerts:dismiss' },
      schema: {
        tags: ['reports'],
        summary: "Restore the product's dismissed alert for the signed-in user",
        params: dismissalParams,
        response: { 204: z.null(), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await restoreAlert(ctx, currentUser(request), request.params.product_id);
      return reply.status(204).send(null);
    },
  );
}
