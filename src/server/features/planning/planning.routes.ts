import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  currentProposalSchema,
  pendingOrdersSchema,
  pendingQuery,
  planRequest,
  proposalSchema,
} from '#shared/contract/planning';
import {
  commitProposal,
  createProposal,
  currentProposal,
  discardProposal,
  getProposal,
  pendingForPeriod,
} from './planning.service';

/** The dispatch planner (issue 12): plan a period's trains, trucks and crews, then commit or discard. */
export function registerPlanningRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/planning/pending-orders',
    {
      config: { permission: 'planning:plan' },
      schema: {
        tags: ['planning'],
        summary: 'Pending orders requested in the period (default: the next 7 days), to pick for a plan',
        querystring: pendingQuery,
        response: { 200: pendingOrdersSchema, 422: errorSchema },
      },
    },
    async (request) => pendingForPeriod(ctx, request.query),
  );

  app.post(
    '/api/planning/proposals',
    {
      // reads the period's orders and plans them: a turn of the planner's (http/heavy-work.ts)
      config: { permission: 'planning:plan', heavy: 'planner' },
      schema: {
        tags: ['planning'],
        summary:
          'Plan the period: approved orders without a train or truck and the picked pending orders onto trains, trucks and crews; the proposal is kept, nothing else changes',
        body: planRequest,
        response: { 201: proposalSchema, 422: errorSchema },
      },
    },
    // the answers are ready JSON text (RawJson, decision 0045): the route's serializer sends it as it is
    async (request, reply) =>
      reply.status(201).send((await createProposal(ctx, currentUser(request), request.body)) as never),
  );

  app.get(
    '/api/planning/proposals/current',
    {
      config: { permission: 'planning:plan' },
      schema: {
        tags: ['planning'],
        summary:
          'Your latest open proposal that has not expired (the planner reopens it after a reload); nulls when there is none',
        response: { 200: currentProposalSchema },
      },
    },
    async (request) => currentProposal(ctx, currentUser(request)),
  );

  app.get(
    '/api/planning/proposals/:id',
    {
      config: { permission: 'planning:plan' },
      schema: {
        tags: ['planning'],
        summary: 'One of your proposals, expired or not (`expired`, `expires_at`)',
        params: idParam,
        response: { 200: proposalSchema, 404: errorSchema },
      },
    },
    async (request, reply) =>
      reply.send((await getProposal(ctx, currentUser(request), request.params.id)) as never),
  );

  app.post(
    '/api/planning/proposals/:id/commit',
    {
      // checks every rule again under locks and writes the whole plan: a planner's turn too
      config: { permission: 'planning:plan', heavy: 'planner' },
      schema: {
        tags: ['planning'],
        summary:
          'Apply the whole proposal in one transaction after checking every rule again; 409 naming what changed, and nothing applied, when anything did (the proposal then expires), or when it has expired',
        params: idParam,
        response: { 200: proposalSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) =>
      reply.send((await commitProposal(ctx, currentUser(request), request.params.id)) as never),
  );

  app.delete(
    '/api/planning/proposals/:id',
    {
      config: { permission: 'planning:plan' },
      schema: {
        tags: ['planning'],
        summary: 'Discard an open proposal',
        params: idParam,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await discardProposal(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
