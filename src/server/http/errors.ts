/** The one error type services throw; the handler answers { detail } with its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    /** Headers the answer carries (e.g. Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new AppError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new AppError(403, detail);
export const notFound = (detail: string) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const unprocessable = (detail: string) => new AppError(422, detail);

/** A property of a driver error; drizzle wraps driver errors, so the cause chain is walked. */
function fromCauseChain(err: unknown, key: 'code' | 'constraint', accept: (value: string) => boolean) {
  let current: unknown = err;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const value = (current as Record<string, unknown>)[key];
    if (typeof value === 'string' && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL error code of a driver error (pg and PGlite both expose `code`). */
export const pgErrorCode = (err: unknown) =>
  fromCauseChain(err, 'code', (code) => /^[0-9A-Z]{5}$/.test(code));

/** The message of the driver error itself (drizzle's wrapper message holds the query text). */
export function pgErrorMessage(err: unknown): string | undefined {
  let current: unknown = err;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string') return message;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Name of the constraint a driver error reports. */
export const pgConstraint = (err: unknown) => fromCauseChain(err, 'constraint', () => true);
