import { TOKEN_STORAGE_KEY } from '#shared/constants';
import { takeEarlyResponse } from './early-start';

/** The configured server address: the API is served under /api (docs/product/api.md). */
export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}
export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/**
 * Detail, else message, else the JSON text, else plain text, else Request failed ({status})
 * (docs/product/portals.md#screens-in-common).
 */
export function errorMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string' && b.detail) return b.detail;
    if (typeof b.message === 'string' && b.message) return b.message;
    return JSON.stringify(body);
  }
  if (typeof body === 'string' && body.trim()) return body;
  return `Request failed (${status})`;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Sends a request with the Accept header and bearer token; parses JSON; a 204 yields undefined. */
export async function apiRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
    body = options.body; // sent as-is (the sign-in form: docs/product/api.md#compatibility-promise)
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  const method = options.method ?? 'GET';
  // the page's first requests may have been started before this code arrived (./early-start.ts)
  const early = method === 'GET' ? takeEarlyResponse(url, token) : undefined;
  try {
    const ask = () => fetch(url, { method, headers, body, signal: options.signal });
    response = await (early ? early.catch(ask) : ask());
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Network request failed for ${url}: ${reason}`);
  }
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : text;
    } catch {
      // plain-text body
    }
    throw new ApiError(errorMessage(response.status, parsed), response.status, parsed);
  }
  return response;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiRaw(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** List fetches: a non-array answer gives an empty list (docs/product/portals.md#screens-in-common). */
export async function apiList<T>(path: string, options: RequestOptions = {}): Promise<T[]> {
  const data = await api<unknown>(path, options);
  return Array.isArray(data) ? (data as T[]) : [];
}

/** A list page: the array body plus the X-Total-Count header. */
export async function apiPage<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ rows: T[]; total: number }> {
  const response = await apiRaw(path, options);
  const data: unknown = await response.json();
  const rows = Array.isArray(data) ? (data as T[]) : [];
  const total = Number(response.headers.get('X-Total-Count') ?? rows.length);
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*=UTF-8''...` when
 * present (a name in any script), else `filename`, quoted or not; null when there is none.
 */
export function fileNameFromDisposition(header: string): string | null {
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a malformed %-sequence: fall back to the plain name
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const token = /filename\s*=\s*([^";\s]+)/i.exec(header);
  return token?.[1] ?? null;
}

/** Downloads a file (invoice PDF, CSV export) with the bearer token and saves it in the browser. */
export async function downloadFile(
  path: string,
  fallbackName: string,
  query?: RequestOptions['query'],
): Promise<void> {
  const response = await apiRaw(path, { query });
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameFromDisposition(disposition) || fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
