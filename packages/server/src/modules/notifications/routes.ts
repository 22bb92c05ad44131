import { ZDeletePushSubscriptionRequest, ZOkResponse, ZPushKeyResponse, ZPushSubscriptionRequest } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import * as notifications from './service';

/** Web Push subscriptions (docs/product.md#chat-calls); the unread counts are the chat's. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/notifications/push/key', {
    config: { auth: 'user' },
    schema: {
      tags: ['notifications'],
      summary: "The server's VAPID public key (base64url), the applicationServerKey to subscribe with",
      response: { 200: ZPushKeyResponse, ...errorResponses },
    },
    handler: async () => ({ Status: true as const, Result: { publicKey: app.push.publicKey } }),
  });

  app.post('/auth/push-subscription', {
    config: { auth: 'user' },
    schema: {
      tags: ['notifications'],
      summary:
        "Store this browser's push subscription for the session's user (userId and userType in the body are ignored); an endpoint seen before is replaced",
      body: ZPushSubscriptionRequest,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await notifications.saveSubscription(app.deps, actorOf(request), request.body.subscription);
      return { Status: true as const };
    },
  });

  app.delete('/auth/push-subscription', {
    config: { auth: 'user' },
    schema: {
      tags: ['notifications'],
      summary: "Forget one of the caller's push subscriptions, by endpoint",
      body: ZDeletePushSubscriptionRequest,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await notifications.deleteSubscription(app.deps, actorOf(request), request.body.endpoint);
      return { Status: true as const };
    },
  });
}
