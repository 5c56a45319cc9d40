import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import { routeSchema, truckSchema } from '#shared/contract/deliveries';
import {
  citySchema,
  routeRequest,
  storeRequest,
  truckRequest,
  truckStatusRequest,
} from '#shared/contract/fleet';
import { storeSchema } from '#shared/contract/stores';
import { listCities } from './fleet.queries';
import { createRoute, deleteRoute, updateRoute } from './route-records.service';
import { createStore, deleteStore, updateStore } from './store-records.service';
import { createTruck, deleteTruck, setTruckStatus, updateTruck } from './trucks.service';

const refused = { 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/**
 * The fleet managed in the portal (docs/decisions/0057): writes under the resources whose lists the
 * API contract keeps (GET /Trucks/trucks, /routes/routes, /stores stay where they are:
 * docs/product/api.md#compatibility-promise).
 */
export function registerFleetRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/cities',
    {
      config: { permission: 'stores:read' },
      schema: {
        tags: ['fleet'],
        summary: 'The cities the trains serve from the hub, each with its store (if any)',
        response: { 200: z.array(citySchema) },
      },
    },
    async () => listCities(ctx.db),
  );

  // ---- trucks
  app.post(
    '/api/Trucks/trucks',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary: 'Add a truck: plate (unique, any case), capacity, home store, status with a note',
        body: truckRequest,
        response: { 201: truckSchema, ...refused },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTruck(ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/Trucks/trucks/:id',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary:
          'Change a truck; its store only while it has no run to do, its capacity never below what a run carries',
        params: idParam,
        body: truckRequest,
        response: { 200: truckSchema, ...refused },
      },
    },
    async (request) => updateTruck(ctx, currentUser(request), request.params.id, request.body),
  );

  app.patch(
    '/api/Trucks/trucks/:id/status',
    {
      config: { permission: 'trucks:status' },
      schema: {
        tags: ['fleet'],
        summary:
          "Set a truck's status with a note (required Under Repair: it takes no new run, its scheduled runs are flagged)",
        params: idParam,
        body: truckStatusRequest,
        response: { 200: truckSchema, ...refused },
      },
    },
    async (request) => setTruckStatus(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/Trucks/trucks/:id',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary: 'Delete a truck that never had a run (one with history is kept: set it Under Repair)',
        params: idParam,
        response: { 204: z.null(), ...refused },
      },
    },
    async (request, reply) => {
      await deleteTruck(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- routes
  app.post(
    '/api/routes/routes',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary: 'Add a route: name (unique at its store), store, end location, towns, maximum hours',
        body: routeRequest,
        response: { 201: routeSchema, ...refused },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRoute(ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/routes/routes/:id',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary:
          'Change a route (towns and hours apply to new orders and runs); another store only while nothing refers to it',
        params: idParam,
        body: routeRequest,
        response: { 200: routeSchema, ...refused },
      },
    },
    async (request) => updateRoute(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/routes/routes/:id',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary: 'Delete a route no order or run refers to',
        params: idParam,
        response: { 204: z.null(), ...refused },
      },
    },
    async (request, reply) => {
      await deleteRoute(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- stores
  app.post(
    '/api/stores',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary: 'Add the store of a served city (one per city): address, near-station name, contact',
        body: storeRequest,
        response: { 201: storeSchema, ...refused },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createStore(ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/stores/:id',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary: 'Change a store; its city only while no truck, route or staff member belongs to it',
        params: idParam,
        body: storeRequest,
        response: { 200: storeSchema, ...refused },
      },
    },
    async (request) => updateStore(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/stores/:id',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['fleet'],
        summary: 'Delete a store no truck, route or staff member belongs to',
        params: idParam,
        response: { 204: z.null(), ...refused },
      },
    },
    async (request, reply) => {
      await deleteStore(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
