import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { refuseBody } from '#server/http/validation';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  assignmentSchema,
  confirmationSchema,
  confirmItemRequest,
  deliveryItemSchema,
  deliveryOrderParams,
  employeeParam,
  failItemRequest,
  failOrderRequest,
  failOrderResponse,
  itemFailureSchema,
} from '#shared/contract/crew';
import { assignments, confirmItem, deliveryItems, failItem, failOrder, startDelivery } from './crew.service';

const refused = { 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** The driver and assistant portal's calls (their paths kept: docs/product/api.md#crew; issue 9). */
export function registerCrewRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/deliveries/assistant/:employee_id/assignments',
    {
      config: { permission: 'deliveries:assignments' },
      schema: {
        tags: ['crew'],
        summary:
          'Deliveries where the employee is driver or assistant: on the road, then upcoming soonest first, then delivered in the last 7 days',
        params: employeeParam,
        response: { 200: z.array(assignmentSchema), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => assignments(ctx, currentUser(request), request.params.employee_id),
  );

  app.post(
    '/api/deliveries/:id/start',
    {
      config: { permission: 'deliveries:crew' },
      preValidation: refuseBody,
      schema: {
        tags: ['crew'],
        summary: 'The crew starts a Scheduled delivery: it and its orders go In Transit',
        params: idParam,
        response: { 200: assignmentSchema, ...refused },
      },
    },
    async (request) => startDelivery(ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/api/deliveries/:id/order-items',
    {
      config: { permission: 'deliveries:assignments' },
      schema: {
        tags: ['crew'],
        summary: 'The items a delivery carries, with address, contact, instructions and confirmation',
        params: idParam,
        response: { 200: z.array(deliveryItemSchema), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => deliveryItems(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/api/deliveries/:id/confirm-item',
    {
      config: { permission: 'deliveries:crew' },
      schema: {
        tags: ['crew'],
        summary:
          'Proof of delivery of one item (recipient, signature, note); idempotent by item and by confirmation_id. 201 stored now, 200 stored before',
        params: idParam,
        body: confirmItemRequest,
        response: { 200: confirmationSchema, 201: confirmationSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { created, confirmation } = await confirmItem(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(confirmation);
    },
  );

  app.post(
    '/api/deliveries/:id/fail-item',
    {
      config: { permission: 'deliveries:crew' },
      schema: {
        tags: ['crew'],
        summary:
          'One item could not be handed over (Damaged, Refused, Missing), next to confirmed ones; idempotent by item and by failure_id. 201 stored now, 200 stored before',
        params: idParam,
        body: failItemRequest,
        response: { 200: itemFailureSchema, 201: itemFailureSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { created, failure } = await failItem(ctx, currentUser(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(failure);
    },
  );

  app.post(
    '/api/deliveries/:id/orders/:order_id/fail',
    {
      config: { permission: 'deliveries:crew' },
      schema: {
        tags: ['crew'],
        summary:
          'The stop could not be served: every item not handed over yet fails, the order goes back to Scheduled at the store (partly delivered when items were handed over), the manager is alerted',
        params: deliveryOrderParams,
        body: failOrderRequest,
        response: { 200: failOrderResponse, ...refused },
      },
    },
    async (request) =>
      failOrder(ctx, currentUser(request), request.params.id, request.params.order_id, request.body),
  );
}
