import {
  ATTACHMENT_EXTENSIONS,
  MAX_ATTACHMENT_BYTES,
  MAX_ORDER_ATTACHMENT_TOTAL_BYTES,
  MAX_ORDER_ATTACHMENTS,
} from '#shared/constants';
import type { Translate } from '#web/i18n/provider';

/** The `accept` attribute of the file input: .pdf,.doc,... */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const MAX_ATTACHMENT_MB = MAX_ATTACHMENT_BYTES / (1024 * 1024);
export const MAX_ORDER_ATTACHMENT_TOTAL_MB = MAX_ORDER_ATTACHMENT_TOTAL_BYTES / (1024 * 1024);
export interface FileLike {
  name: string;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file cannot be attached (in `t`'s language), or null when it can. */
export function attachmentError(file: FileLike, t: Translate): string | null {
  const ext = extensionOf(file.name);
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) {
    return t('order.attach.badType', { name: file.name, types: ATTACHMENT_EXTENSIONS.join(', ') });
  }
  if (file.size > MAX_ATTACHMENT_BYTES) {
    return t('order.attach.tooBig', { name: file.name, max: MAX_ATTACHMENT_MB });
  }
  return null;
}

/**
 * Splits picked files into the ones to keep and the messages for the rejected ones: each file
 * by type and size, then against what the order already has (count and total size per order);
 * the messages in `t`'s language.
 */
export function partitionAttachments<F extends FileLike>(
  files: readonly F[],
  current: readonly FileLike[],
  t: Translate,
): { accepted: F[]; errors: string[] } {
  const accepted: F[] = [];
  const errors: string[] = [];
  let count = current.length;
  let total = current.reduce((sum, f) => sum + f.size, 0);
  for (const file of files) {
    const error = attachmentError(file, t);
    if (error) errors.push(error);
    else if (count >= MAX_ORDER_ATTACHMENTS) {
      errors.push(t('order.attach.tooMany', { name: file.name, max: MAX_ORDER_ATTACHMENTS }));
    } else if (total + file.size > MAX_ORDER_ATTACHMENT_TOTAL_BYTES) {
      errors.push(t('order.attach.tooMuch', { name: file.name, max: MAX_ORDER_ATTACHMENT_TOTAL_MB }));
    } else {
      accepted.push(file);
      count++;
      total += file.size;
    }
  }
  return { accepted, errors };
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
