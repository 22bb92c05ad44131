import { ZColleagueListResponse } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { ownEmployeeOf, tenantOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import { listEmployeesOf } from '../employees/service';

/**
 * GET /krye/worker/me/colleagues: the names a worker may offer a shift to (a swap,
 * docs/product.md#shifts-and-the-roster) — the employer's other employees who have not left, by
 * name; ids and names only, never pay or contact details.
 */
export async function colleagueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/worker/me/colleagues', {
    config: { auth: 'worker' },
    schema: {
      tags: ['roster'],
      summary: "The worker's colleagues who have not left (id and name), to offer a shift to",
      response: { 200: ZColleagueListResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const self = ownEmployeeOf(actor);
      const people = await listEmployeesOf(app.deps.db, tenantOf(actor));
      return {
        Status: true as const,
        Result: people.filter((person) => person.id !== self).map(({ id, name }) => ({ id, name })),
      };
    },
  });
}
