import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENT_BYTES } from '#shared/constants';

/** The `accept` attribute of the file input: .pdf,.doc,... */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const MAX_ATTACHMENT_MB = MAX_ATTACHMENT_BYTES / (1024 * 1024);

export interface FileLike {
  name: string;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file cannot be attached, or null when it can. */
export function attachmentError(file: FileLike): string | null {
  const ext = extensionOf(file.name);
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) {
    return `${file.name}: file type not allowed. Allowed types: ${ATTACHMENT_EXTENSIONS.join(', ')}.`;
  }
  if (file.size > MAX_ATTACHMENT_BYTES) {
    return `${file.name} is larger than ${MAX_ATTACHMENT_MB}MB.`;
  }
  return null;
}

/** Splits picked files into the ones to keep and the messages for the rejected ones. */
export function partitionAttachments<F extends FileLike>(
  files: readonly F[],
): { accepted: F[]; errors: string[] } {
  const accepted: F[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const error = attachmentError(file);
    if (error) errors.push(error);
    else accepted.push(file);
  }
  return { accepted, errors };
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
