import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id comes in and goes back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id taken as it comes: letters, digits and `._:-`, at most 128 of them. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId (app.ts): the client's or the proxy's `X-Request-Id` when it is well formed
 * (a load balancer's id then names the same request in both logs), else a new random UUID. Fastify
 * puts it on the request's log lines as reqId.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : randomUUID();
}

/**
 * One log line per request (docs/decisions/0067), written when the response is done: method,
 * url, status and milliseconds, with the request id pino's child logger adds (reqId). Fastify's
 * own pair of lines ("incoming request", "request completed") is turned off in app.ts. Every
 * answer carries its request id in `X-Request-Id` (set first, so refusals carry it too).
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
