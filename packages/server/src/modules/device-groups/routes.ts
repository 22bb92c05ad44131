import {
  ZDeviceGroupListResponse,
  ZDeviceGroupRequest,
  ZDeviceGroupResponse,
  ZIdParams,
  ZOkResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import * as groups from './service';

const config = { auth: 'employer', premium: true } as const;
const tags = ['device groups'];

/** Device groups (/api/group-devices, docs/product.md#device-groups); stored relationally, `devices` sent as JSON text. */
export async function deviceGroupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/group-devices', {
    config,
    schema: {
      tags,
      summary: 'Groups by name; devices is JSON text of [{ device_id, name }]',
      response: { 200: ZDeviceGroupListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await groups.listGroups(app.deps, actorOf(request)),
    }),
  });

  app.post('/api/group-devices', {
    config,
    schema: {
      tags,
      summary: "Create a group of the employer's devices (another employer's device: 404)",
      body: ZDeviceGroupRequest,
      response: { 201: ZDeviceGroupResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ Status: true as const, Result: await groups.createGroup(app.deps, actorOf(request), request.body) }),
  });

  app.put('/api/group-devices/:id', {
    config,
    schema: {
      tags,
      summary: 'Rename a group and replace its devices',
      params: ZIdParams,
      body: ZDeviceGroupRequest,
      response: { 200: ZDeviceGroupResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await groups.updateGroup(app.deps, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/group-devices/:id', {
    config,
    schema: {
      tags,
      summary: 'Delete a group (its devices stay)',
      params: ZIdParams,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await groups.deleteGroup(app.deps, actorOf(request), request.params.id);
      return { Status: true as const };
    },
  });
}
