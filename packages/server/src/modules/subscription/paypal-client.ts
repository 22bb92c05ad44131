import { z } from 'zod';

/**
 * A small client for the parts of PayPal's REST API Puna uses: OAuth2 client credentials,
 * subscription details and webhook signature verification.
 * https://developer.paypal.com/api/rest/authentication/
 * https://developer.paypal.com/docs/api/subscriptions/v1/#subscriptions_get
 * https://developer.paypal.com/docs/api/webhooks/v1/#verify-webhook-signature_post
 */

const ZTokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

/** The fields of a PayPal subscription Puna reads; PayPal sends many more. */
export const ZPaypalSubscription = z.object({
  id: z.string(),
  status: z.string(),
  plan_id: z.string().nullish(),
  /** Set by the web client to the employer id when it creates the subscription. */
  custom_id: z.string().nullish(),
});
export type TPaypalSubscription = z.infer<typeof ZPaypalSubscription>;

const ZVerifyResponse = z.object({ verification_status: z.string() });

/** The PAYPAL-* headers PayPal signs a webhook delivery with. */
export type PaypalTransmission = {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
};

/** PayPal answered with an error (`status`) or could not be reached (`status` null). */
export class PaypalError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

export type PaypalClient = {
  getSubscription(id: string): Promise<TPaypalSubscription>;
  /** True only when PayPal answers `verification_status: 'SUCCESS'` for this delivery. */
  verifyWebhookSignature(transmission: PaypalTransmission, webhookId: string, event: unknown): Promise<boolean>;
};

export type PaypalClientOptions = {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  fetch?: typeof fetch;
  now?: () => number;
};

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 10_000;

export function createPaypalClient(options: PaypalClientOptions): PaypalClient {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.apiBase.replace(/\/+$/, '');
  const basicAuth = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new PaypalError(null, `PayPal could not be reached: ${(error as Error).message}`);
    }
  }

  async function readJson<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new PaypalError(response.status, `PayPal's answer to ${what} was not understood.`);
    return parsed.data;
  }

  async function requestToken(): Promise<string> {
    const response = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basicAuth}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok)
      throw new PaypalError(response.status, `PayPal refused the API credentials (${response.status}).`);
    const body = await readJson(response, ZTokenResponse, 'the token request');
    cached = { token: body.access_token, renewAt: now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  /** One token for all calls until shortly before it expires; concurrent callers share one request. */
  function accessToken(): Promise<string> {
    if (cached && cached.renewAt > now()) return Promise.resolve(cached.token);
    pending ??= requestToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const what = `${method} ${path}`;
    let response = await authorized(method, path, body);
    // A token PayPal revoked early: fetch a new one once.
    if (response.status === 401) {
      cached = null;
      response = await authorized(method, path, body);
    }
    if (!response.ok) throw new PaypalError(response.status, `PayPal answered ${response.status} to ${what}.`);
    return readJson(response, schema, what);
  }

  async function authorized(method: string, path: string, body: unknown): Promise<Response> {
    const token = await accessToken();
    return send(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  return {
    getSubscription: (id) => call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`, ZPaypalSubscription),
    async verifyWebhookSignature(transmission, webhookId, event) {
      const result = await call('POST', '/v1/notifications/verify-webhook-signature', ZVerifyResponse, {
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      });
      return result.verification_status === 'SUCCESS';
    },
  };
}

/** The parts of a BILLING.SUBSCRIPTION.* webhook event Puna reads; the resource is a subscription. */
export const ZPaypalWebhookEvent = z.object({
  event_type: z.string(),
  resource: ZPaypalSubscription.partial({ status: true }),
});
