import { todayIn } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAdminTestApp, employerRow } from '../../../test/helpers/admin-factories';
import type { TestContext } from '../../../test/helpers/app';
import {
  PAYPAL_CLIENT_ID,
  PAYPAL_PLAN_ID,
  PAYPAL_WEBHOOK_ID,
  type PaypalStandIn,
  startPaypalStandIn,
  subscriptionEvent,
  webhookHeaders,
} from '../../../test/helpers/paypal-stand-in';
import { call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';
import { employers, subscriptions } from '../../db/schema';

let paypal: PaypalStandIn;
let ctx: TestContext;
let subscriptionCounter = 0;

beforeAll(async () => {
  paypal = await startPaypalStandIn();
  ctx = await createAdminTestApp(paypal.env);
});
afterAll(async () => {
  await ctx?.close();
  await paypal?.close();
});

/** A subscription PayPal knows, made (by default) for this employer on Puna's plan. */
function paypalSubscription(employerId: number | null, status = 'ACTIVE', planId = PAYPAL_PLAN_ID) {
  subscriptionCounter += 1;
  const id = `I-TEST${String(subscriptionCounter).padStart(6, '0')}`;
  paypal.subscriptions.set(id, {
    id,
    status,
    plan_id: planId,
    ...(employerId === null ? {} : { custom_id: String(employerId) }),
  });
  return id;
}

async function subscriptionRows(id: string) {
  return ctx.app.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, id));
}

function postWebhook(event: unknown, headers = webhookHeaders()) {
  return ctx.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers, payload: event as object });
}

describe('GET /api/paypal/plan', () => {
  it('gives the configured plan id', async () => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'GET', '/api/paypal/plan');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ planId: PAYPAL_PLAN_ID, clientId: PAYPAL_CLIENT_ID, configured: true });
  });

  it('refuses workers and anonymous callers', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/api/paypal/plan')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/api/paypal/plan')).statusCode).toBe(401);
    expect((await call(ctx, worker.token, 'GET', '/api/paypal/subscription/I-ANY')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/api/paypal/subscription/I-ANY')).statusCode).toBe(401);
  });
});

describe('GET /api/paypal/subscription/{id}', () => {
  it('makes the employer premium on an ACTIVE subscription PayPal confirms', async () => {
    const employer = await createWorkspace(ctx);
    const id = paypalSubscription(employer.employerId);

    const res = await call(ctx, employer.token, 'GET', `/api/paypal/subscription/${id}`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ACTIVE', premium: true });
    expect(await employerRow(ctx, employer.employerId)).toMatchObject({
      type: 'premium',
      transactionId: id,
      transactionDate: todayIn('Europe/Tirane'),
    });
    expect(await subscriptionRows(id)).toEqual([
      expect.objectContaining({ employerId: employer.employerId, provider: 'paypal', planId: PAYPAL_PLAN_ID }),
    ]);
    const check = await call(ctx, employer.token, 'GET', '/auth/check/protected');
    expect(check.json()).toMatchObject({ user: { subscriptionType: 'premium' } });
  });

  it('accepts APPROVED, a subscription without custom_id, and a second check changes nothing', async () => {
    const employer = await createWorkspace(ctx);
    const id = paypalSubscription(null, 'APPROVED');
    const first = await call(ctx, employer.token, 'GET', `/api/paypal/subscription/${id}`);
    expect(first.json()).toEqual({ status: 'APPROVED', premium: true });
    const before = await employerRow(ctx, employer.employerId);
    const again = await call(ctx, employer.token, 'GET', `/api/paypal/subscription/${id}`);
    expect(again.json()).toEqual({ status: 'APPROVED', premium: true });
    expect(await employerRow(ctx, employer.employerId)).toEqual(before);
    expect(await subscriptionRows(id)).toHaveLength(1);
  });

  it('reuses one OAuth token across calls', async () => {
    const employer = await createWorkspace(ctx);
    await call(ctx, employer.token, 'GET', `/api/paypal/subscription/${paypalSubscription(employer.employerId)}`);
    await call(ctx, employer.token, 'GET', `/api/paypal/subscription/${paypalSubscription(employer.employerId)}`);
    expect(paypal.tokenRequests).toBe(1);
  });

  it('leaves the employer basic on another status and returns it', async () => {
    const employer = await createWorkspace(ctx);
    const id = paypalSubscription(employer.employerId, 'APPROVAL_PENDING');
    const res = await call(ctx, employer.token, 'GET', `/api/paypal/subscription/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'APPROVAL_PENDING', premium: false });
    expect(await employerRow(ctx, employer.employerId)).toMatchObject({ type: 'basic', transactionId: null });
    expect(await subscriptionRows(id)).toEqual([]);
  });

  it('leaves the employer basic on a subscription to another plan', async () => {
    const employer = await createWorkspace(ctx);
    const id = paypalSubscription(employer.employerId, 'ACTIVE', 'P-SOME-OTHER-PLAN');
    const res = await call(ctx, employer.token, 'GET', `/api/paypal/subscription/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'This subscription is not for the Puna Premium plan.' });
    expect((await employerRow(ctx, employer.employerId)).type).toBe('basic');
  });

  it('refuses a subscription made for another employer', async () => {
    const payer = await createWorkspace(ctx);
    const other = await createWorkspace(ctx);
    const id = paypalSubscription(payer.employerId);
    const res = await call(ctx, other.token, 'GET', `/api/paypal/subscription/${id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Status: false, Error: 'This subscription was made for another account.' });
    expect((await employerRow(ctx, other.employerId)).type).toBe('basic');
    expect(await subscriptionRows(id)).toEqual([]);
  });

  it('refuses a subscription already bound to another employer with 409', async () => {
    const first = await createWorkspace(ctx);
    const second = await createWorkspace(ctx);
    const id = paypalSubscription(null);
    expect((await call(ctx, first.token, 'GET', `/api/paypal/subscription/${id}`)).statusCode).toBe(200);
    const res = await call(ctx, second.token, 'GET', `/api/paypal/subscription/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'This subscription belongs to another account.',
      code: 'subscriptionElsewhere',
    });
    expect((await employerRow(ctx, second.employerId)).type).toBe('basic');
  });

  it('answers 404 for a subscription PayPal does not know and 400 for a malformed id', async () => {
    const employer = await createWorkspace(ctx);
    const unknown = await call(ctx, employer.token, 'GET', '/api/paypal/subscription/I-UNKNOWN');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ Status: false, Error: 'PayPal does not know this subscription.' });
    const malformed = await call(ctx, employer.token, 'GET', '/api/paypal/subscription/..%2F..%2Fv1');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/paypal/webhook', () => {
  async function premiumEmployer() {
    const employer = await createWorkspace(ctx);
    const id = paypalSubscription(employer.employerId);
    await call(ctx, employer.token, 'GET', `/api/paypal/subscription/${id}`);
    expect((await employerRow(ctx, employer.employerId)).type).toBe('premium');
    return { ...employer, subscriptionId: id };
  }

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const employer = await premiumEmployer();
    const before = await employerRow(ctx, employer.employerId);
    const event = subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', {
      id: employer.subscriptionId,
      status: 'CANCELLED',
    });

    const res = await postWebhook(event, webhookHeaders('forged-signature'));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'The webhook signature is not valid.' });
    expect(await employerRow(ctx, employer.employerId)).toEqual(before);
    expect((await subscriptionRows(employer.subscriptionId))[0]?.status).toBe('ACTIVE');
  });

  it('refuses a delivery without the PayPal headers without asking PayPal', async () => {
    const employer = await premiumEmployer();
    const asked = paypal.verifications.length;
    const res = await postWebhook(
      subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', { id: employer.subscriptionId }),
      {},
    );
    expect(res.statusCode).toBe(400);
    expect(paypal.verifications.length).toBe(asked);
    expect((await employerRow(ctx, employer.employerId)).type).toBe('premium');
  });

  it('returns the employer to basic on cancellation, once, and sends PayPal the event as received', async () => {
    const employer = await premiumEmployer();
    const event = subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', {
      id: employer.subscriptionId,
      status: 'CANCELLED',
      custom_id: String(employer.employerId),
    });

    const res = await postWebhook(event);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Status: true });
    expect(paypal.verifications.at(-1)).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: webhookHeaders()['paypal-cert-url'],
      transmission_id: webhookHeaders()['paypal-transmission-id'],
      transmission_sig: webhookHeaders()['paypal-transmission-sig'],
      transmission_time: webhookHeaders()['paypal-transmission-time'],
      webhook_id: PAYPAL_WEBHOOK_ID,
      webhook_event: event,
    });
    expect(await employerRow(ctx, employer.employerId)).toMatchObject({
      type: 'basic',
      transactionId: employer.subscriptionId,
    });
    expect((await subscriptionRows(employer.subscriptionId))[0]?.status).toBe('CANCELLED');
    const replay = await postWebhook(event);
    expect(replay.statusCode).toBe(200);
    expect((await employerRow(ctx, employer.employerId)).type).toBe('basic');
  });

  it.each([
    ['BILLING.SUBSCRIPTION.SUSPENDED', 'SUSPENDED'],
    ['BILLING.SUBSCRIPTION.EXPIRED', 'EXPIRED'],
  ])('returns the employer to basic on %s', async (type, status) => {
    const employer = await premiumEmployer();
    const res = await postWebhook(subscriptionEvent(type, { id: employer.subscriptionId, status }));
    expect(res.statusCode).toBe(200);
    expect((await employerRow(ctx, employer.employerId)).type).toBe('basic');
    expect((await subscriptionRows(employer.subscriptionId))[0]?.status).toBe(status);
  });

  it('keeps a premium the admin granted when an older subscription ends', async () => {
    const employer = await premiumEmployer();
    await ctx.app.db
      .update(employers)
      .set({ transactionId: 'ADMIN-GRANT' })
      .where(eq(employers.id, employer.employerId));
    await postWebhook(subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', { id: employer.subscriptionId }));
    expect((await employerRow(ctx, employer.employerId)).type).toBe('premium');
  });

  it('makes the employer premium on ACTIVATED for a subscription made for it', async () => {
    const employer = await createWorkspace(ctx);
    const id = `I-WEBHOOK${employer.employerId}`;
    const event = subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', {
      id,
      status: 'ACTIVE',
      custom_id: String(employer.employerId),
    });
    expect((await postWebhook(event)).statusCode).toBe(200);
    expect(await employerRow(ctx, employer.employerId)).toMatchObject({ type: 'premium', transactionId: id });
    expect((await postWebhook(event)).statusCode).toBe(200);
    expect(await subscriptionRows(id)).toHaveLength(1);
  });

  it('ignores ACTIVATED for another plan and events it does not handle', async () => {
    const employer = await createWorkspace(ctx);
    const otherPlan = subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', {
      id: `I-OTHERPLAN${employer.employerId}`,
      plan_id: 'P-OTHER',
      custom_id: String(employer.employerId),
    });
    expect((await postWebhook(otherPlan)).statusCode).toBe(200);
    const payment = { id: 'WH-1', event_type: 'PAYMENT.SALE.COMPLETED', resource: { amount: { total: '10.00' } } };
    expect((await postWebhook(payment)).statusCode).toBe(200);
    expect((await employerRow(ctx, employer.employerId)).type).toBe('basic');
  });
});

describe('PayPal unreachable', () => {
  it('answers 502 and changes nothing', async () => {
    const down = await createAdminTestApp({ ...paypal.env, PAYPAL_API_BASE: 'http://127.0.0.1:9' });
    try {
      const employer = await createWorkspace(down);
      const res = await call(down, employer.token, 'GET', '/api/paypal/subscription/I-ANY');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        Status: false,
        Error: 'PayPal could not be reached. Please try again in a moment.',
      });
      expect((await employerRow(down, employer.employerId)).type).toBe('basic');
    } finally {
      await down.close();
    }
  });
});

describe('without PayPal configuration', () => {
  it('says payments are not configured, and the admin can still grant premium', async () => {
    const bare = await createAdminTestApp();
    try {
      const employer = await createWorkspace(bare);
      const plan = await call(bare, employer.token, 'GET', '/api/paypal/plan');
      expect(plan.statusCode).toBe(200);
      expect(plan.json()).toEqual({ planId: null, clientId: null, configured: false });
      const check = await call(bare, employer.token, 'GET', '/api/paypal/subscription/I-ANY');
      expect(check.statusCode).toBe(503);
      expect(check.json()).toEqual({
        Status: false,
        Error: 'Payments are not configured.',
        code: 'paymentsNotConfigured',
      });
      const webhook = await bare.app.inject({
        method: 'POST',
        url: '/api/paypal/webhook',
        headers: webhookHeaders(),
        payload: subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', { id: 'I-X', custom_id: '1' }),
      });
      expect(webhook.statusCode).toBe(503);
      expect((await employerRow(bare, employer.employerId)).type).toBe('basic');
      const admin = await createAdmin(bare);
      const grant = await call(bare, admin.token, 'PUT', `/auth/updateEmployer/${employer.employerId}`, {
        type: 'premium',
      });
      expect(grant.statusCode).toBe(200);
      expect((await employerRow(bare, employer.employerId)).type).toBe('premium');
    } finally {
      await bare.close();
    }
  });
});
