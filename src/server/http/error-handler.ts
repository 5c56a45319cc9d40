import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MAX_ATTACHMENT_BYTES } from '#shared/constants';
import {
  AppError,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNREACHABLE,
  isConnectionError,
  pgErrorCode,
  pgErrorMessage,
} from './errors';

const MB = 1024 * 1024;

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** `context.path: message`, the way every validation detail names its field. */
export function fieldDetail(context: string | undefined, path: string | undefined, message: string) {
  const where = [context === 'body' ? '' : context, path].filter(Boolean).join('.');
  return where ? `${where}: ${message}` : message;
}

function describeValidation(context: string | undefined, issues: ZodIssueLike[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path =
      issue.params?.issue?.path?.map(String).join('.') ??
      issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    return fieldDetail(context, path, issue.message ?? 'invalid value');
  });
  return `Invalid request: ${parts.join('; ')}`;
}

/** The { detail } of an error the handler knows, with its status; undefined for a real 500. */
function known(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; detail: string; headers?: Record<string, string> } | undefined {
  if (error instanceof AppError) {
    return { status: error.statusCode, detail: error.detail, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 422,
      detail: describeValidation(error.validationContext, error.validation as ZodIssueLike[]),
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, detail: 'Request body too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        detail: `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`,
      };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, detail: `File too large: at most ${MAX_ATTACHMENT_BYTES / MB} MB per file` };
    case 'FST_FILES_LIMIT':
      return { status: 413, detail: 'Too many files: at most 10 attachments per order' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, detail: 'Request body is not valid JSON' };
  }
  // the database is down, restarting or the connection died (decision 0070): not this request's
  // fault nor a bug; the client tries again in a few seconds
  if (isConnectionError(error)) {
    // the driver's message, not drizzle's wrapper (which quotes the statement and its values)
    let cause: unknown = error;
    for (let i = 0; i < 6 && (cause as { cause?: unknown }).cause; i++) {
      cause = (cause as { cause: unknown }).cause;
    }
    const { message, code } = cause as { message?: string; code?: string };
    request.log.warn({ err: { message, code } }, 'database not reachable');
    return {
      status: 503,
      detail: DATABASE_UNREACHABLE,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  const code = pgErrorCode(error);
  if (code === '57014') {
    // statement_timeout (PG_STATEMENT_TIMEOUT_MS), or the client went away and it was cancelled
    return {
      status: 503,
      detail:
        'The database took too long to answer and the request was stopped; please narrow it down or try again',
    };
  }
  if (code === '40001' || code === '40P01') {
    return { status: 409, detail: 'The data changed at the same time; please try again' };
  }
  // class 22 "data exception" (a NUL byte, a number out of range, a malformed value): input the
  // validation should have refused. The safety net answers 422 instead of 500, and logs it.
  if (code?.startsWith('22')) {
    request.log.warn({ err: error }, 'database refused a value that validation let through');
    return { status: 422, detail: `Invalid value: ${pgErrorMessage(error) ?? 'refused by the database'}` };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, detail: error.message };
  }
  return undefined;
}

/** One handler: every non-2xx answer is { detail }; a 500 says only "Internal server error". */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = known(error, request);
    if (answer)
      return reply
        .status(answer.status)
        .headers(answer.headers ?? {})
        .send({ detail: answer.detail });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });

  // Fastify answers a request that arrives while the server closes with its own 503 body;
  // this hook answers it first, as { detail }.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      return reply
        .status(503)
        .header('connection', 'close')
        .send({ detail: 'The server is shutting down; please try again in a moment' });
    }
  });
}

/**
 * Fastify's `frameworkErrors`: errors the router meets before any route or hook runs (a path
 * with bad %-encoding, a path parameter past maxParamLength).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return reply.status(400).send({ detail: 'Malformed URL: the path has an invalid %-encoding' });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.status(414).send({ detail: 'URL too long: a path segment is too long' });
    default:
      return reply
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send({ detail: `Bad request: ${error.message}` });
  }
}

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser meets before there is a request
 * (headers too large, a malformed request line, a request not received in time). The answer
 * is written to the socket by hand, as { detail }, and the connection closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let detail = 'Malformed HTTP request';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    detail = 'Request timeout: the request was not received in time';
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    detail = 'Request headers too large';
  } else if (error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') {
    status = 413;
    detail = 'Request body chunk extensions too large';
  }
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
