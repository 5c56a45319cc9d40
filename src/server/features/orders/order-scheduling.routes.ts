import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  allocateTrainResponse,
  allocationPreviewSchema,
  orderStatusUpdateRequest,
  orderStatusUpdateResponse,
} from '#shared/contract/order-scheduling';
import { allocateTrain, previewAllocation, setOrderStatus } from './order-scheduling.service';

/** The manager's decisions on an order: approve, reject, book on trains. */
export function registerOrderSchedulingRoutes(app: App, ctx: AppContext): void {
  app.put(
    '/api/orders/:id/status',
    {
      config: { permission: 'orders:update-status' },
      schema: {
        tags: ['orders'],
        summary:
          'Approve (Scheduled) or reject (Cancelled) an order; cancelling returns stock, train space and truck load',
        params: idParam,
        body: orderStatusUpdateRequest,
        response: { 200: orderStatusUpdateResponse, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request) => setOrderStatus(ctx, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/orders/:id/allocate-train',
    {
      config: { permission: 'orders:allocate-train' },
      schema: {
        tags: ['orders'],
        summary:
          'Book the order on the earliest trips to its city that arrive before its date (splitting across trips); all or nothing; sets it Scheduled',
        params: idParam,
        response: { 200: allocateTrainResponse, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => allocateTrain(ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/api/orders/:id/allocation-preview',
    {
      config: { permission: 'orders:allocate-train' },
      schema: {
        tags: ['orders'],
        summary: 'What allocating the order to trains would book now, or why it cannot (nothing is booked)',
        params: idParam,
        response: { 200: allocationPreviewSchema, 404: errorSchema },
      },
    },
    async (request) => previewAllocation(ctx, request.params.id),
  );
}
