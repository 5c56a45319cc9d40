import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { fieldDetail } from './error-handler';
import { AppError, unprocessable } from './errors';

const NUL = '\u0000';

/**
 * The path (`items.0.name`) of the first string or key in a parsed body, query or params that
 * holds a NUL character, or undefined. PostgreSQL text cannot hold NUL, so such input is
 * refused before any route sees it. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return childPath.replaceAll(NUL, '\\0');
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * The validator of every route: the zod validator, preceded by the NUL check above. Set once on
 * the app, so every route (and every route added later) refuses a NUL byte in any string field
 * with a 422 that names the field, whatever its own schema says.
 */
export const validatorWithNulCheck: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart === 'headers') return validate;
  return (data) => {
    const at = findNul(data);
    if (at === undefined) return validate(data);
    const detail = fieldDetail(route.httpPart, at, 'must not contain a NUL character (\\0)');
    return { error: new AppError(422, `Invalid request: ${detail}`) };
  };
};

/**
 * preValidation of an action that takes no body: nothing, or `{}`; any other body (null, an
 * array, fields) is a 422, so a client never believes it sent something that was read.
 */
export async function refuseBody(request: FastifyRequest): Promise<void> {
  const body = request.body as unknown;
  const empty =
    body === undefined ||
    (request.headers['content-type'] === undefined && body === null) ||
    (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!empty) throw unprocessable('body: this action takes no body (send nothing or {})');
}
