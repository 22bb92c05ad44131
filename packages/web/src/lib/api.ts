/**
 * Same-origin JSON client for the Puna server. The session lives in an httpOnly cookie set at
 * login, so the app never holds the token itself (a script injected into the page cannot read it).
 */

/** An answer other than 2xx, carrying the server's sentence when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `Error` (or `error` / `message`) text; empty when it sent none. */
    readonly serverMessage: string,
    readonly body: unknown,
  ) {
    super(serverMessage || `Request failed with status ${status}`);
    this.name = 'ApiError';
  }

  /** True when the body carries `flag: true` (e.g. `needsVerification`). */
  hasFlag(flag: string): boolean {
    return isRecord(this.body) && this.body[flag] === true;
  }

  /** The sentence's code in the domain's message catalog, when the server sent one (`translateError`). */
  get code(): string | undefined {
    const code = isRecord(this.body) ? this.body.code : undefined;
    return typeof code === 'string' ? code : undefined;
  }

  /** Per-field messages of a 400, keyed by field name. */
  get fields(): Record<string, string> {
    const fields = isRecord(this.body) ? this.body.fields : undefined;
    return isRecord(fields) ? (fields as Record<string, string>) : {};
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (sent while it closes). */
  keepalive?: boolean;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function messageOf(body: unknown): string {
  if (!isRecord(body)) return '';
  for (const key of ['Error', 'error', 'message'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, keepalive }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    // Marks the app's own calls; the server's CSRF rule reads Origin and Sec-Fetch-Site, which the browser sets.
    'x-requested-with': 'puna',
    // The screen's language (set on <html> by i18n.ts): the server writes a requested mail in it.
    'x-puna-language': globalThis.document?.documentElement.lang === 'en' ? 'en' : 'sq',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    ...(keepalive ? { keepalive } : {}),
  });

  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) throw new ApiError(response.status, messageOf(parsed), parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};
