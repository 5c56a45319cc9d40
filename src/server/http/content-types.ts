import { pipeline, Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from './errors';

/** What a route takes when its schema names no `consumes`: JSON only. */
export const DEFAULT_CONSUMES = ['application/json'] as const;

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0';
}

/** The text bodies the server reads (JSON and forms); a file upload's bytes are not text. */
const TEXT_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

export const NOT_UTF8 = 'Request body is not valid UTF-8';

/**
 * The body's bytes as they arrive, passed on unchanged, refused (400) at the first byte sequence
 * that is not UTF-8. Without it the parsers decode such bytes as U+FFFD and the replacement
 * characters are stored in silence (a Latin-1 "Café" saved as "Caf\uFFFD").
 */
function utf8Only(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const check = (decode: () => unknown, done: (error?: Error | null) => void) => {
    try {
      decode();
      done();
    } catch {
      done(badRequest(NOT_UTF8));
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      check(
        () => decoder.decode(chunk, { stream: true }),
        (error) => callback(error, error ? undefined : chunk),
      );
    },
    // a sequence cut off at the end of the body
    flush(callback) {
      check(() => decoder.decode(), callback);
    },
  });
}

/**
 * A request body is accepted only in the media types its route lists in `schema.consumes`
 * (also what the OpenAPI document shows), and JSON when it lists none. So a route never takes
 * a form-encoded or multipart body by accident: a foreign site's plain HTML form (which can
 * send form-encoded, multipart and text/plain, but not JSON, without asking CORS first) cannot
 * call it. Checked before the body is parsed; 415 names what the route takes. A JSON or form
 * body must be UTF-8 (400 otherwise).
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
    if (!TEXT_TYPES.has(type)) return payload;
    // pipeline: a client that goes away mid-body ends the check too (the parser sees the error)
    return pipeline(payload, utf8Only(), () => {});
  });
}
