import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** What a route takes when its schema names no `consumes`: JSON only. */
export const DEFAULT_CONSUMES = ['application/json'] as const;

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0';
}

/**
 * A request body is accepted only in the media types its route lists in `schema.consumes`
 * (also what the OpenAPI document shows), and JSON when it lists none. So a route never takes
 * a form-encoded or multipart body by accident: a foreign site's plain HTML form (which can
 * send form-encoded, multipart and text/plain, but not JSON, without asking CORS first) cannot
 * call it. Checked before the body is parsed; 415 names what the route takes.
 */
export function registerContentTypePolicy(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.routeOptions.url || !hasBody(request.headers)) return payload;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type) return payload;
    const consumes: readonly string[] = request.routeOptions.schema?.consumes ?? DEFAULT_CONSUMES;
    if (!consumes.includes(type)) {
      throw new AppError(
        415,
        `Unsupported content type ${type}: this endpoint takes ${consumes.join(' or ')}`,
      );
    }
    return payload;
  });
}
