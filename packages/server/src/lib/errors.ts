import { messages } from '@puna/domain';

/** The one error type services throw; the error handler turns it into `{ Status: false, Error }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields merged into the error body (e.g. `needsVerification`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, message, extra);
export const unauthorized = (message: string = messages.loginRequired) => new AppError(401, message);
export const forbidden = (message: string = messages.accessDenied) => new AppError(403, message);
export const notFound = (message: string = messages.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);

/**
 * Seconds a client is told to wait (`Retry-After`) while the database is away: long enough for a
 * restart or a failover to finish, short enough that a time clock's next try soon gets through.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot reach the database or lost it. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * node-postgres's own sentences for a lost or unreachable server: it raises plain `Error`s for a
 * connection that ended, a client no longer queryable and a pool that timed out connecting.
 */
const CONNECTION_ERROR_TEXT =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|terminating connection/i;

/**
 * True when an error means the database is away rather than that the request was wrong: a refused
 * or dropped connection, SQLSTATE class 08 (connection exception), 57P01–57P03 (the server is shutting
 * down or starting) and 53300 (no connection slot). Drizzle wraps driver errors (`cause`). The
 * request is answered 503 with `Retry-After` instead of 500 (docs/operations.md#when-the-database-is-away).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') {
        return true;
      }
    }
    if (typeof message === 'string' && CONNECTION_ERROR_TEXT.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL's unique_violation, as the driver raises it or as Drizzle wraps it (`cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if (typeof current !== 'object') return false;
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
