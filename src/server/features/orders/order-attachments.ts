import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client';
import { AppError } from '#server/http/errors';
import type { ReceivedFile, UploadRules } from '#server/http/uploads';
import type { FileStore } from '#server/lib/file-store';
import {
  ATTACHMENT_EXTENSIONS,
  MAX_ATTACHMENT_BYTES,
  MAX_ORDER_ATTACHMENT_TOTAL_BYTES,
  MAX_ORDER_ATTACHMENTS,
} from '#shared/constants';
import * as files from './attachments.queries';

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** 415 for another type; the stored content type comes from the extension, not the sender. */
export function attachmentContentType(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext) || !fileName.includes('.')) {
    throw new AppError(
      415,
      `Unsupported file type for '${fileName}': allowed are ${ATTACHMENT_EXTENSIONS.join(', ')}`,
    );
  }
  return CONTENT_TYPES[ext]!;
}

/** The new-order form's multipart: `payload` (the JSON body) and up to 10 `files`. */
export const ORDER_UPLOAD_RULES: UploadRules = {
  payloadField: 'payload',
  fileField: 'files',
  maxFiles: MAX_ORDER_ATTACHMENTS,
  maxFileBytes: MAX_ATTACHMENT_BYTES,
  maxTotalBytes: MAX_ORDER_ATTACHMENT_TOTAL_BYTES,
  maxPayloadBytes: 1024 * 1024,
  what: 'attachments per order',
  accept: attachmentContentType,
};

/**
 * Keeps received files for an order being written: moved into place before the order's
 * transaction, removed again if it fails (`work` throws), so no file outlives a refused order.
 */
export async function withKeptFiles<T>(store: FileStore, received: ReceivedFile[], work: () => Promise<T>) {
  try {
    for (const file of received) await store.keep(file.key);
    return await work();
  } catch (err) {
    await Promise.all(received.map((file) => store.discard(file.key)));
    throw err;
  }
}

/**
 * Moves attachments written before migration 0002_b from the database into files, one row at
 * a time (each move: write the file, then point the row at it; a row another process moved
 * first leaves the file to be removed). Run in the background at start; returns how many moved.
 */
export async function moveAttachmentsToFiles(db: Db, store: FileStore, log?: FastifyBaseLogger) {
  let moved = 0;
  let after = 0;
  for (;;) {
    const next = await files.nextAttachmentInDatabase(db, after);
    if (!next) break;
    after = next.attachmentId;
    if (!next.data) continue;
    const key = await store.put(Buffer.from(next.data));
    if (await files.moveAttachmentToFile(db, next.attachmentId, key)) moved++;
    else await store.discard(key);
  }
  if (moved > 0) log?.info({ moved }, 'attachments moved from the database to files');
  return moved;
}
