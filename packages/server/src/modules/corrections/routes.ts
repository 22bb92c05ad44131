import {
  ZCorrectionDecision,
  ZCorrectionListQuery,
  ZCorrectionListResponse,
  ZCorrectionRequestInput,
  ZCorrectionResponse,
  ZCorrectionUnreadResponse,
  ZEmployerCorrectionListResponse,
  ZEmployerCorrectionUnreadResponse,
  ZIdParams,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { employerMarks } from './employer-marks';
import { decideCorrection, employerCorrections, ownCorrections, requestCorrection, workerUnreadCount } from './service';

/** Missed punches: "I forgot to scan" and the employer's answer (docs/product.md#missed-punches). */
export async function correctionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/krye/worker/me/corrections', {
    config: { auth: 'worker', premium: true },
    schema: {
      tags: ['corrections'],
      summary: '"I forgot to scan": ask the employer to add a missed scan in or out on a past date',
      body: ZCorrectionRequestInput,
      response: { 201: ZCorrectionResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      const result = await requestCorrection(app.deps, actorOf(request), request.body);
      return reply.status(201).send({ Status: true as const, Result: result });
    },
  });

  app.get('/krye/worker/me/corrections', {
    config: { auth: 'worker', premium: true },
    schema: {
      tags: ['corrections'],
      summary: "The worker's own correction requests, newest first (clears its unread marks)",
      response: { 200: ZCorrectionListResponse, ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await ownCorrections(app.deps, actorOf(request)) }),
  });

  app.get('/krye/worker/me/corrections/unread', {
    config: { auth: 'worker', premium: true },
    schema: {
      tags: ['corrections'],
      summary: "How many of the worker's requests were answered since it last listed them",
      response: { 200: ZCorrectionUnreadResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: { unread: await workerUnreadCount(app.deps, actorOf(request)) },
    }),
  });

  app.get('/krye/corrections', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['corrections'],
      summary:
        "The workers' correction requests (?status=pending|approved|declined, all when absent), newest first, with the day's scans (clears unread marks)",
      querystring: ZCorrectionListQuery,
      response: { 200: ZEmployerCorrectionListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await employerCorrections(app.deps, actorOf(request), request.query.status),
    }),
  });

  app.get('/krye/corrections/unread', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['corrections'],
      summary:
        'How many correction requests the employer has not listed yet (the nav’s dot) and how many wait for an answer (the requests inbox)',
      response: { 200: ZEmployerCorrectionUnreadResponse, ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await employerMarks(app.deps, actorOf(request)) }),
  });

  app.put('/krye/corrections/:id', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['corrections'],
      summary: "Approve (it becomes the day's correction; raw scans untouched) or decline a pending request",
      params: ZIdParams,
      body: ZCorrectionDecision,
      response: { 200: ZCorrectionResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await decideCorrection(app.deps, actorOf(request), request.params.id, request.body),
    }),
  });
}
