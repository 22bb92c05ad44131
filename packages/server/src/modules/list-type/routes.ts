import { ZListTypeParams, ZListTypeResponse, ZSuccessResponse, ZUpdateListTypeRequest } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { getListType, setListType } from './service';

export async function listTypeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/employers/:userId/listaType', {
    config: { auth: 'employer' },
    schema: {
      tags: ['settings'],
      summary: "The employer's default list type ('klista' or 'rfid'); userId must be the caller's employer id",
      params: ZListTypeParams,
      response: { 200: ZListTypeResponse, ...errorResponses },
    },
    handler: async (request) => ({
      listaType: await getListType(app.deps, actorOf(request), request.params.userId),
    }),
  });

  app.put('/krye/employers/:userId/updateListaType', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['settings'],
      summary: "Change the employer's default list type",
      params: ZListTypeParams,
      body: ZUpdateListTypeRequest,
      response: { 200: ZSuccessResponse, ...errorResponses },
    },
    handler: async (request) => {
      await setListType(app.deps, actorOf(request), request.params.userId, request.body.listaType);
      return { success: true as const };
    },
  });
}
