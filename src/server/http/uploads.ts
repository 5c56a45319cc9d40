import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileStore } from '#server/lib/file-store';
import { AppError, badRequest, unprocessable } from './errors';

/** The limits and names of one multipart form: a JSON field with the body, and files. */
export interface UploadRules {
  /** The field holding the JSON body, validated by the route's body schema like a JSON call. */
  payloadField: string;
  /** The field the files come in; files in other fields are refused. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxPayloadBytes: number;
  /** What the files are, for messages: "attachments per order". */
  what: string;
  /** The content type to store for an accepted file name; throws (415) for one it refuses. */
  accept(fileName: string): string;
}

export interface ReceivedFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** The FileStore key (a received, not yet kept, file). */
  key: string;
}

interface Upload {
  files: ReceivedFile[];
  /** staged: received, nobody owns it yet; claimed: the handler owns it; released: removed. */
  state: 'staged' | 'claimed' | 'released';
}

const uploads = new WeakMap<FastifyRequest, Upload>();
const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** Refusals that end the upload early close the connection, so the rest is not read. */
const tooLarge = (detail: string) => new AppError(413, detail, { connection: 'close' });

/** A file name as sent (browsers send the base name), refused if it cannot be stored or shown. */
export function checkFileName(field: string, name: string): string {
  const shown = name.replace(/\p{Cc}/gu, '?').slice(0, 80);
  if (/\p{Cc}/u.test(name)) {
    throw unprocessable(`${field}: the file name '${shown}' contains control characters`);
  }
  if (name.length > 255)
    throw unprocessable(`${field}: the file name '${shown}...' is longer than 255 characters`);
  return name;
}

/** Errors of the multipart parser (busboy, @fastify/multipart) as the 4xx they are. */
function asUploadError(err: unknown, rules: UploadRules): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string; syscall?: string };
  switch (e.code) {
    case 'FST_FILES_LIMIT':
      return tooLarge(`Too many files: at most ${rules.maxFiles} ${rules.what}`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(`File too large: at most ${mb(rules.maxFileBytes)} per file`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge('Too many form fields');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(`${rules.payloadField}: the order fields must be valid JSON`);
    case 'FST_PROTO_VIOLATION':
      return badRequest('Malformed multipart body: a field name is not allowed');
  }
  if (e.code === 'ECONNRESET' || e.code === 'ERR_STREAM_PREMATURE_CLOSE' || e.message === 'aborted') {
    return badRequest('The upload was interrupted before it was complete');
  }
  // busboy reports a malformed body (no boundary, a bad part header, an early end) as a plain Error
  if (err instanceof Error && !e.syscall && !e.statusCode && err.constructor === Error) {
    return badRequest(`Malformed multipart body: ${err.message}`);
  }
  return err;
}

/**
 * Reads a multipart request as a stream: the JSON field is parsed (at most maxPayloadBytes),
 * each file is streamed to the FileStore's temporary area while its size and the running total
 * are counted (413 the moment a limit is passed), so the request is never held in memory.
 * Returns the parsed JSON body; the files wait for the handler (claimUpload). Whatever fails,
 * the files received so far are removed.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  store: FileStore,
  rules: UploadRules,
): Promise<unknown> {
  const upload: Upload = { files: [], state: 'staged' };
  uploads.set(request, upload);
  let payload: unknown;
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        files: rules.maxFiles,
        fileSize: rules.maxFileBytes,
        fieldSize: rules.maxPayloadBytes,
        fields: 10,
        parts: rules.maxFiles + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!part.filename) {
          // an empty file input: browsers send the part without a name
          part.file.resume();
          continue;
        }
        if (part.fieldname !== rules.fileField) {
          throw unprocessable(`${part.fieldname}: files are taken in the field '${rules.fileField}' only`);
        }
        const fileName = checkFileName(rules.fileField, part.filename);
        const contentType = rules.accept(fileName);
        const stored = await store.receive(part.file, (bytes) => {
          total += bytes;
          if (total > rules.maxTotalBytes) {
            throw tooLarge(`Files too large together: at most ${mb(rules.maxTotalBytes)} of ${rules.what}`);
          }
        });
        if (upload.state === 'released') {
          await store.discard(stored.key); // the client went away meanwhile
          throw badRequest('The upload was interrupted before it was complete');
        }
        upload.files.push({ fileName, contentType, sizeBytes: stored.sizeBytes, key: stored.key });
        if (part.file.truncated) {
          throw tooLarge(`File '${fileName}' is larger than ${mb(rules.maxFileBytes)}`);
        }
      } else if (part.fieldname === rules.payloadField) {
        if (part.valueTruncated) {
          throw tooLarge(
            `${rules.payloadField}: the order fields are larger than ${mb(rules.maxPayloadBytes)}`,
          );
        }
        payload = parseJson(part.value, rules.payloadField);
      }
    }
  } catch (err) {
    await release(request, store);
    throw asUploadError(err, rules);
  }
  if (payload === undefined) {
    await release(request, store);
    throw unprocessable(
      `${rules.payloadField}: the order fields are required as a JSON field named ${rules.payloadField}`,
    );
  }
  return payload;
}

function parseJson(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value; // a part sent as application/json arrives parsed
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`${field}: the order fields must be valid JSON`);
  }
}

/**
 * The handler takes the files received for this request: from now on it keeps them or removes
 * them. A request without an upload has none.
 */
export function claimUpload(request: FastifyRequest): ReceivedFile[] {
  const upload = uploads.get(request);
  if (!upload) return [];
  if (upload.state === 'released') throw badRequest('The upload was interrupted before it was complete');
  upload.state = 'claimed';
  return upload.files;
}

async function release(request: FastifyRequest, store: FileStore): Promise<void> {
  const upload = uploads.get(request);
  if (upload?.state !== 'staged') return;
  upload.state = 'released';
  await Promise.all(upload.files.map((f) => store.discard(f.key)));
}

/**
 * Files that no handler claimed (the body failed validation, the client went away) are
 * removed once the answer is sent or the request is aborted.
 */
export function registerUploadCleanup(app: FastifyInstance, store: FileStore): void {
  app.addHook('onResponse', async (request) => release(request, store));
  app.addHook('onRequestAbort', async (request) => release(request, store));
}
