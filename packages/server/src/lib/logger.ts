import type { AppConfig } from '../config';

/** Where log lines go instead of stdout (a test's collector). */
export type LogDestination = { write(line: string): void };

/**
 * The server's pino options. At the default level (LOG_LEVEL=warn) Fastify's per-request lines
 * (`incoming request`, `request completed`, level info) stay out of the terminal, so `npm start`'s
 * banner stays in view; LOG_LEVEL=info brings them back (docs/operations.md#configuration).
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>, destination?: LogDestination) {
  return { level: config.logLevel, ...(destination ? { stream: destination } : {}) };
}
