import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { registerReport } from '#server/http/report-route';
import { errorSchema } from '#shared/contract/common';
import { dismissalParams, dismissalSchema, inventoryAlertSchema } from '#shared/contract/inventory-alerts';
import { REPORTS } from '#shared/reports';
import { dismissAlert, inventoryAlerts, restoreAlert } from './inventory-alerts.service';

export function registerInventoryAlertRoutes(app: App, ctx: AppContext): void {
  registerReport(app, ctx, {
    ...REPORTS['inventory-alerts'],
    row: inventoryAlertSchema,
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
