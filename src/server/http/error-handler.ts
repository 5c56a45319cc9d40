import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, pgErrorCode } from './errors';

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(context: string | undefined, issues: ZodIssueLike[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path =
      issue.params?.issue?.path?.map(String).join('.') ??
      issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const where = [context === 'body' ? '' : context, path].filter(Boolean).join('.');
    return where ? `${where}: ${issue.message}` : (issue.message ?? 'invalid value');
  });
  return `Invalid request: ${parts.join('; ')}`;
}

/** One handler: every non-2xx answer is { detail }; a 500 says only "Internal server error". */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(422)
        .send({ detail: describeValidation(error.validationContext, error.validation as ZodIssueLike[]) });
    }
    if (error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({ detail: 'Too many files: at most 10 attachments per order' });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ detail: 'File too large: attachments may be at most 10 MB each' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ detail: 'Request body too large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ detail: `Unsupported content type: ${request.headers['content-type'] ?? 'none'}` });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ detail: 'Request body is not valid JSON' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ detail: error.message });
    }
    const code = pgErrorCode(error);
    if (code === '40001' || code === '40P01') {
      return reply.status(409).send({ detail: 'The data changed at the same time; please try again' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}
