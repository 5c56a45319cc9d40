import type { FastifyInstance } from 'fastify';

/**
 * One log line per request (docs/decisions/0067), written when the response is done: method,
 * url, status and milliseconds, with the request id pino's child logger adds (reqId). Fastify's
 * own pair of lines ("incoming request", "request completed") is turned off in app.ts.
 */
export function registerRequestLog(app: FastifyInstance) {
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
