import { ZRoleIndexParams, ZRoleRequest, ZRolesResponse } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import * as roles from './roles';
import { announceEmployees } from './service';

export async function rolesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/employers/roles', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roles'],
      summary: "The employer's roles in order ('Punëtor' and 'Mjeshtër' offered once to a new employer)",
      response: { 200: ZRolesResponse, ...errorResponses },
    },
    handler: async (request) => ({ roles: await roles.listRoles(app.deps, actorOf(request)) }),
  });

  app.post('/krye/employers/roles', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roles'],
      summary: 'Add a role at the end of the list (a blank name is 400, an existing one 409)',
      body: ZRoleRequest,
      response: { 201: ZRolesResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ roles: await roles.addRole(app.deps, actorOf(request), request.body.role) }),
  });

  app.put('/krye/employers/roles/:index', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roles'],
      summary: 'Rename the role at this index; every employee holding it is renamed with it',
      params: ZRoleIndexParams,
      body: ZRoleRequest,
      response: { 200: ZRolesResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const result = await roles.renameRole(app.deps, actor, request.params.index, request.body.role);
      if (result.employeesChanged > 0 && actor.employerId !== null) {
        await announceEmployees(app.deps, actor.employerId);
      }
      return { roles: result.roles };
    },
  });

  app.delete('/krye/employers/roles/:index', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roles'],
      summary: 'Delete the role at this index; refused (409) while employees hold it',
      params: ZRoleIndexParams,
      response: { 200: ZRolesResponse, ...errorResponses },
    },
    handler: async (request) => ({ roles: await roles.deleteRole(app.deps, actorOf(request), request.params.index) }),
  });
}
