import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  createTrainTripRequest,
  trainTripDetailSchema,
  trainTripListQuery,
  trainTripListResponse,
  updateTrainTripRequest,
} from '#shared/contract/train-trips';
import { createTrainTrip, getTrainTrip, listTrainTrips, updateTrainTrip } from './train-trips.service';

export function registerTrainTripRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/train-trips',
    {
      config: { permission: 'trains:read' },
      schema: {
        tags: ['trains'],
        summary:
          'Train trips by arrival city and departure period (default from today), earliest first; total in X-Total-Count',
        querystring: trainTripListQuery,
        response: { 200: trainTripListResponse, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const { total, rows } = await listTrainTrips(ctx, request.query);
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.get(
    '/api/train-trips/:id',
    {
      config: { permission: 'trains:read' },
      schema: {
        tags: ['trains'],
        summary: 'A train trip with the orders booked on it',
        params: idParam,
        response: { 200: trainTripDetailSchema, 404: errorSchema },
      },
    },
    async (request) => getTrainTrip(ctx, request.params.id),
  );

  app.post(
    '/api/train-trips',
    {
      config: { permission: 'trains:schedule' },
      schema: {
        tags: ['trains'],
        summary: 'Add a train trip from Kandy to a store city',
        body: createTrainTripRequest,
        response: { 201: trainTripDetailSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTrainTrip(ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/train-trips/:id',
    {
      config: { permission: 'trains:schedule' },
      schema: {
        tags: ['trains'],
        summary: "Change a trip's total capacity (never below the space booked on it)",
        params: idParam,
        body: updateTrainTripRequest,
        response: { 200: trainTripDetailSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request) => updateTrainTrip(ctx, currentUser(request), request.params.id, request.body),
  );
}
