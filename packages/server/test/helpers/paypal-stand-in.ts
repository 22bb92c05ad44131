import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const PAYPAL_CLIENT_ID = 'test-client-id';
export const PAYPAL_CLIENT_SECRET = 'test-client-secret';
export const PAYPAL_PLAN_ID = 'P-PUNA-PREMIUM';
export const PAYPAL_WEBHOOK_ID = 'WH-PUNA-TEST';
/** The stand-in accepts only this transmission signature. */
export const VALID_SIGNATURE = 'valid-signature';

export type StandInSubscription = { id: string; status: string; plan_id: string; custom_id?: string };

export type PaypalStandIn = {
  url: string;
  env: Record<string, string>;
  subscriptions: Map<string, StandInSubscription>;
  tokenRequests: number;
  /** Bodies received by the verify-webhook-signature endpoint. */
  verifications: Record<string, unknown>[];
  close(): Promise<void>;
};

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local HTTP server speaking the documented shapes of the PayPal endpoints Puna calls: the
 * OAuth2 token (client credentials in Basic auth), subscription details, and webhook signature
 * verification (SUCCESS only for VALID_SIGNATURE and the right webhook id).
 */
export async function startPaypalStandIn(): Promise<PaypalStandIn> {
  const token = 'A21AA-stand-in-access-token';
  const expectedBasic = `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`;
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const url = req.url ?? '';
    if (req.method === 'POST' && url === '/v1/oauth2/token') {
      const form = new URLSearchParams(body);
      if (req.headers.authorization !== expectedBasic || form.get('grant_type') !== 'client_credentials') {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      standIn.tokenRequests += 1;
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/subscriptions',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: '2025-01-01T00:00:00Zstand-in',
      });
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid token.' });
    }
    const subscriptionMatch = /^\/v1\/billing\/subscriptions\/([^/?]+)$/.exec(url);
    if (req.method === 'GET' && subscriptionMatch?.[1]) {
      const subscription = standIn.subscriptions.get(decodeURIComponent(subscriptionMatch[1]));
      if (!subscription) {
        return send(res, 404, {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
          details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Invalid subscription id.' }],
        });
      }
      return send(res, 200, {
        ...subscription,
        quantity: '1',
        start_time: '2025-03-04T10:00:00Z',
        create_time: '2025-03-04T09:59:00Z',
        plan_overridden: false,
        links: [{ href: `${standIn.url}${url}`, rel: 'self', method: 'GET' }],
      });
    }
    if (req.method === 'POST' && url === '/v1/notifications/verify-webhook-signature') {
      const verification = JSON.parse(body) as Record<string, unknown>;
      standIn.verifications.push(verification);
      const ok = verification.transmission_sig === VALID_SIGNATURE && verification.webhook_id === PAYPAL_WEBHOOK_ID;
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return send(res, 404, { name: 'NOT_FOUND', message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const standIn: PaypalStandIn = {
    url,
    env: {
      PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET,
      PAYPAL_PLAN_ID,
      PAYPAL_WEBHOOK_ID,
      PAYPAL_API_BASE: url,
    },
    subscriptions: new Map(),
    tokenRequests: 0,
    verifications: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return standIn;
}

/** PayPal's signature headers for one webhook delivery. */
export function webhookHeaders(signature = VALID_SIGNATURE): Record<string, string> {
  return {
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
    'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    'paypal-transmission-sig': signature,
    'paypal-transmission-time': '2025-03-04T10:00:00Z',
  };
}

/** A BILLING.SUBSCRIPTION.* event as PayPal delivers it. */
export function subscriptionEvent(type: string, resource: Partial<StandInSubscription> & { id: string }) {
  return {
    id: `WH-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    event_version: '1.0',
    create_time: '2025-03-04T10:00:00.000Z',
    resource_type: 'subscription',
    resource_version: '2.0',
    event_type: type,
    summary: `Subscription ${type.split('.').at(-1)?.toLowerCase()}`,
    resource: { plan_id: PAYPAL_PLAN_ID, quantity: '1', ...resource },
    links: [{ href: 'https://api.sandbox.paypal.com/v1/notifications/webhooks-events/x', rel: 'self', method: 'GET' }],
  };
}
