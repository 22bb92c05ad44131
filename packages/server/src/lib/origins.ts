import type { AppConfig } from '../config';

/** The `scheme://host[:port]` of an Origin header, or null when it is `null`, malformed or not http(s). */
export function parseOrigin(origin: string): string | null {
  if (origin === 'null') return null;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * True when a browser request (its Origin header) may act with the user's cookie: Puna's own
 * origin (the public URL, or the host the request was sent to) or one listed in CORS_ORIGINS.
 * A missing Origin is a same-origin GET/HEAD or a non-browser client.
 */
export function isTrustedOrigin(
  origin: string | undefined,
  host: string | undefined,
  config: Pick<AppConfig, 'publicUrl' | 'corsOrigins'>,
): boolean {
  if (origin === undefined) return true;
  const parsed = parseOrigin(origin);
  if (parsed === null) return false;
  if (parsed === config.publicUrl || config.corsOrigins.includes(parsed)) return true;
  return host !== undefined && new URL(parsed).host === host.toLowerCase();
}
