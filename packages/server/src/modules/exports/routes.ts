import { monthOrCurrent, ZExportQuery } from '@puna/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { employerTimeZoneOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import { hoursSheet, paySheet, renderSheet } from './service';
import type { ExportFile } from './sheet';

function sendFile(reply: FastifyReply, file: ExportFile, baseName: string) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${baseName}.${file.extension}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export async function exportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const exports = [
    { path: '/krye/export/hours', name: 'ore', build: hoursSheet, what: "a month's hours entries" },
    { path: '/krye/export/pay', name: 'rroga', build: paySheet, what: "a month's pay summary" },
  ] as const;

  for (const { path, name, build, what } of exports) {
    app.get(path, {
      config: { auth: 'employer' },
      schema: {
        tags: ['export'],
        summary: `Download ${what} as ?format=csv (default) or xlsx, for ?month=YYYY-MM (current when absent)`,
        querystring: ZExportQuery,
        response: errorResponses,
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
        const file = await renderSheet(await build(app.deps, actor, month), request.query.format);
        return sendFile(reply, file, `puna-${name}-${month}`);
      },
    });
  }
}
