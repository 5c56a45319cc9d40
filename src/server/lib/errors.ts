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

/** Errors of the socket to the database: it is down, restarting, or the connection died. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's codes for "the server is going away or not there yet": 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down), and class 08
 * (connection exception).
 */
const CONNECTION_SQLSTATE = /^(57P0[123]|08[0-9A-Z]{3})$/;
/**
 * node-postgres's own messages for a connection that ended under a query, cannot be used, or
 * did not get ready within its connect timeout ("timeout expired").
 */
const CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout expired$)/;

/**
 * Whether an error says the database could not be reached (down, restarting, the connection
 * died) rather than that it refused the statement. The cause chain is walked (drizzle wraps the
 * driver's error) and so is an AggregateError's list (a host name with several addresses).
 */
export function isConnectionError(err: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (current: unknown, depth: number): boolean => {
    if (!current || typeof current !== 'object' || depth > 6 || seen.has(current)) return false;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || CONNECTION_SQLSTATE.test(code)))
      return true;
    // the driver's own error, innermost: a wrapper's message quotes the statement and its values,
    // and a statement PostgreSQL refused has a SQLSTATE (its message is not the socket's)
    const refused = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
    if (!refused && !cause && typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    if (Array.isArray(errors) && errors.some((e) => visit(e, depth + 1))) return true;
    return visit(cause, depth + 1);
  };
  return visit(err, 0);
}

/** The answer to a request the database could not serve because it is not reachable. */
export const DATABASE_UNREACHABLE = 'The database is not reachable; try again in a few seconds.';
/** Seconds a client waits before trying again after DATABASE_UNREACHABLE. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
