import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  createDeliveryQuery,
  crewOptionsQuery,
  crewOptionsResponse,
  crewUpdateRequest,
  deliveryListQuery,
  deliverySchema,
  loadableOrderSchema,
  loadOrdersRequest,
  routeSchema,
  truckChangeRequest,
  truckSchema,
} from '#shared/contract/deliveries';
import { getDelivery, listDeliveries } from './deliveries.service';
import { loadableOrders, loadDeliveryOrders } from './delivery-loading.service';
import { changeTruck, createDelivery, crewOptions, updateCrew } from './delivery-scheduling.service';
import { listRoutes, listTrucks } from './fleet.queries';

const refused = { 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/**
 * Trucks, routes and truck deliveries; the paths keep their spelling
 * (docs/product/api.md#compatibility-promise).
 */
export function registerDeliveryRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/Trucks/trucks',
    {
      config: { permission: 'deliveries:read' },
      schema: {
        tags: ['deliveries'],
        summary: 'Trucks with capacity, status and home store',
        response: { 200: z.array(truckSchema) },
      },
    },
    async () => listTrucks(ctx.db),
  );

  app.get(
    '/api/routes/routes',
    {
      config: { permission: 'deliveries:read' },
      schema: {
        tags: ['deliveries'],
        summary: 'Delivery routes with their store, covered towns and maximum delivery hours',
        response: { 200: z.array(routeSchema) },
      },
    },
    async () => listRoutes(ctx.db),
  );

  app.get(
    '/api/deliveries/deliveries',
    {
      config: { permission: 'deliveries:read' },
      schema: {
        tags: ['deliveries'],
        summary:
          'Truck deliveries with truck, route, crew, load and orders; by default those not yet delivered, earliest first; total in X-Total-Count',
        querystring: deliveryListQuery,
        response: { 200: z.array(deliverySchema), 422: errorSchema },
      },
    },
    async (request, reply) => {
      const { total, rows } = await listDeliveries(ctx, request.query);
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.post(
    '/api/deliveries/deliveries',
    {
      config: { permission: 'deliveries:schedule' },
      schema: {
        tags: ['deliveries'],
        summary: 'Schedule a truck delivery (query parameters, no body) under the truck and roster rules',
        querystring: createDeliveryQuery,
        response: { 201: deliverySchema, ...refused },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDelivery(ctx, currentUser(request), request.query)),
  );

  app.get(
    '/api/deliveries/crew-options',
    {
      config: { permission: 'deliveries:schedule' },
      schema: {
        tags: ['deliveries'],
        summary:
          "The route's drivers and assistants for a time: who is free, and the rule the others would break",
        querystring: crewOptionsQuery,
        response: { 200: crewOptionsResponse, 422: errorSchema },
      },
    },
    async (request) => crewOptions(ctx, request.query),
  );

  app.get(
    '/api/deliveries/:id',
    {
      config: { permission: 'deliveries:read' },
      schema: { tags: ['deliveries'], params: idParam, response: { 200: deliverySchema, 404: errorSchema } },
    },
    async (request) => getDelivery(ctx.db, request.params.id),
  );

  app.put(
    '/api/deliveries/:id/crew',
    {
      config: { permission: 'deliveries:schedule' },
      schema: {
        tags: ['deliveries'],
        summary: 'Set or clear the driver and assistant of a scheduled delivery, under the roster rules',
        params: idParam,
        body: crewUpdateRequest,
        response: { 200: deliverySchema, ...refused },
      },
    },
    async (request) => updateCrew(ctx, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/deliveries/:id/truck',
    {
      config: { permission: 'deliveries:schedule' },
      schema: {
        tags: ['deliveries'],
        summary:
          'Move a scheduled delivery to another truck of its store (e.g. its own is Under Repair), under the truck rules and within capacity',
        params: idParam,
        body: truckChangeRequest,
        response: { 200: deliverySchema, ...refused },
      },
    },
    async (request) => changeTruck(ctx, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/deliveries/:id/orders',
    {
      config: { permission: 'deliveries:schedule' },
      schema: {
        tags: ['deliveries'],
        summary: "The orders the truck carries (the complete set), within the truck's capacity",
        params: idParam,
        body: loadOrdersRequest,
        response: { 200: deliverySchema, ...refused },
      },
    },
    async (request) => loadDeliveryOrders(ctx, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/deliveries/:id/loadable-orders',
    {
      config: { permission: 'deliveries:schedule' },
      schema: {
        tags: ['deliveries'],
        summary: "The route's approved orders and whether each can go on this delivery",
        params: idParam,
        response: { 200: z.array(loadableOrderSchema), 404: errorSchema },
      },
    },
    async (request) => loadableOrders(ctx, request.params.id),
  );
}
