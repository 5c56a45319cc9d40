import type { FastifyInstance } from 'fastify';
import type { QueryScope, QueryTracker } from '../db/client';

/**
 * A request's database statements run in a scope of their own; when the client goes away before
 * the answer is sent (a closed tab, a timed-out load generator), PostgreSQL is told to cancel
 * what is still running for it instead of finishing work nobody will read, and its statements
 * still waiting for a pooled connection never start. A GET's scope is marked read-only: its
 * statements may be retried on another connection (db/client.ts, retryDeadConnections).
 */
export function registerQueryCancel(app: FastifyInstance, queries: QueryTracker): void {
  app.addHook('onRequest', (request, reply, done) => {
    // a GET only reads: a statement that met a dead pooled connection may be sent again
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    const scope: QueryScope = { clients: new Set(), readOnly };
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      request.log.info({ connections: scope.clients.size }, 'client went away: cancelling its queries');
      queries.cancel(scope).catch((err: unknown) => request.log.warn({ err }, 'could not cancel queries'));
    });
    queries.run(scope, done);
  });
}
