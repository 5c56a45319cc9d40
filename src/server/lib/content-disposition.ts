import { create } from 'content-disposition';

/**
 * The Content-Disposition of a download (RFC 6266): `attachment; filename="..."` with an ASCII
 * fallback (accents dropped, other characters as _), plus `filename*=UTF-8''...` when the name
 * is not plain ASCII, so `файл.pdf` downloads under its own name. Every download uses this.
 */
export function attachmentDisposition(fileName: string): string {
  const clean = fileName.replace(/\p{Cc}/gu, '_') || 'download';
  const fallback = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return create(clean, { fallback });
}
