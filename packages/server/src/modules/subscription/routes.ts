import {
  ZErrorResponse,
  ZOkResponse,
  ZPaypalPlanResponse,
  ZPaypalSubscriptionParams,
  ZPaypalSubscriptionResponse,
} from '@puna/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { depsFor } from '../../plugins/deps';
import type { PaypalTransmission } from './paypal-client';
import { confirmSubscription, handleWebhook, planInfo } from './service';

const unavailable = { 502: ZErrorResponse, 503: ZErrorResponse };

/** Puna Premium through PayPal subscriptions: the plan, the return-page check and PayPal's webhook. */
export async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest) => depsFor(app, request.log);

  app.get('/api/paypal/plan', {
    config: { auth: 'employer' },
    schema: {
      tags: ['subscription'],
      summary: 'The PayPal plan id of Puna Premium; configured false (planId null) without PayPal settings',
      response: { 200: ZPaypalPlanResponse, ...errorResponses },
    },
    handler: async (request) => planInfo(deps(request)),
  });

  app.get('/api/paypal/subscription/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['subscription'],
      summary:
        "Ask PayPal about a subscription; ACTIVE or APPROVED on Puna's plan (custom_id = the employer id when set) makes the employer premium",
      params: ZPaypalSubscriptionParams,
      response: { 200: ZPaypalSubscriptionResponse, ...errorResponses, ...unavailable },
    },
    handler: async (request) => confirmSubscription(deps(request), actorOf(request), request.params.id),
  });

  app.post('/api/paypal/webhook', {
    config: { auth: 'public' },
    schema: {
      tags: ['subscription'],
      summary:
        "PayPal's webhook (signature verified through PayPal): cancelled, suspended or expired subscriptions return the employer to basic",
      // No body schema: the event goes back to PayPal for verification exactly as it was parsed.
      response: { 200: ZOkResponse, 400: ZErrorResponse, ...unavailable },
    },
    handler: async (request) => {
      await handleWebhook(deps(request), transmissionOf(request.headers), request.body);
      return { Status: true as const };
    },
  });
}

/** The PAYPAL-* headers of a webhook delivery, or null when one is missing. */
export function transmissionOf(headers: Record<string, string | string[] | undefined>): PaypalTransmission | null {
  const read = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value.length > 0 ? value : null;
  };
  const authAlgo = read('paypal-auth-algo');
  const certUrl = read('paypal-cert-url');
  const transmissionId = read('paypal-transmission-id');
  const transmissionSig = read('paypal-transmission-sig');
  const transmissionTime = read('paypal-transmission-time');
  if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) return null;
  return { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime };
}
