import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { touchDevice } from '../devices/service';
import { acknowledgeCommands, takePendingCommands } from './commands';
import * as zk from './service';

const ZIclockQuery = z.looseObject({
  SN: z.string().optional(),
  table: z.string().optional(),
  options: z.string().optional(),
});
type IclockQuery = z.infer<typeof ZIclockQuery>;
const queryOf = (request: FastifyRequest) => request.query as IclockQuery;

/** Each path as firmware asks for it: plain and `.aspx` (trailing slashes are ignored app-wide). */
const variants = (path: string) => [path, `${path}.aspx`];

/**
 * ZKTeco push ("ADMS"/iclock) protocol: plain-text conversations opened by the clock. Text bodies
 * are parsed here only; the rest of the API accepts JSON alone.
 */
export async function zktecoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, realtime: app.realtime });
  const asText = (_request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) =>
    done(null, body);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, asText);

  const text = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('Date', new Date().toUTCString()).type('text/plain; charset=utf-8').send(body);

  /** The registered clock, or a refusal the clock sees as text (and the log records). */
  async function clockOf(request: FastifyRequest, reply: FastifyReply) {
    const serial = queryOf(request).SN;
    const clock = await zk.findClock(app.db, serial);
    if (!clock) {
      request.log.warn({ serial: serial ?? null, ip: request.ip }, 'iclock request from an unknown serial');
      await text(reply, 401, 'Unknown device');
      return null;
    }
    await touchDevice(app.db, clock.id, { ip: request.ip });
    return clock;
  }
  const bodyText = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  const schema = (summary: string) => ({ tags: ['zkteco'], summary, querystring: ZIclockQuery });

  for (const url of variants('/iclock/cdata')) {
    app.get(url, {
      config: { auth: 'device' },
      schema: schema('Handshake: the clock fetches its options (text, first line GET OPTION FROM: <SN>)'),
      handler: async (request, reply) => {
        const clock = await clockOf(request, reply);
        if (!clock) return reply;
        return text(
          reply,
          200,
          zk.handshakeText(clock.deviceId, await zk.clockTimeZoneOption(app.db, clock.employerId)),
        );
      },
    });
    app.post(url, {
      config: { auth: 'device' },
      schema: schema('Uploads: table=ATTLOG punches, table=OPERLOG users and cards; answers OK:<n>'),
      handler: async (request, reply) => {
        const clock = await clockOf(request, reply);
        if (!clock) return reply;
        const table = request.query.table?.toUpperCase();
        const body = bodyText(request);
        let processed = 0;
        if (table === 'ATTLOG') processed = await zk.receiveAttendance(deps(), clock, body);
        else if (table === 'OPERLOG') processed = await zk.receiveOperations(deps(), clock, body);
        else processed = body.split(/\r?\n/).filter((line) => line.trim()).length;
        return text(reply, 200, `OK:${processed}`);
      },
    });
  }

  for (const url of variants('/iclock/getrequest')) {
    app.get(url, {
      config: { auth: 'device' },
      schema: schema('Command poll: C:<id>:<command> lines, or OK'),
      handler: async (request, reply) => {
        const clock = await clockOf(request, reply);
        if (!clock) return reply;
        const commands = await takePendingCommands(app.db, clock.id);
        return text(
          reply,
          200,
          commands.length === 0 ? 'OK' : commands.map((c) => `C:${c.id}:${c.command}`).join('\n'),
        );
      },
    });
  }

  for (const url of variants('/iclock/devicecmd')) {
    app.post(url, {
      config: { auth: 'device' },
      schema: schema('Command results: ID=<id>&Return=<n>&CMD=… lines; answers OK'),
      handler: async (request, reply) => {
        const clock = await clockOf(request, reply);
        if (!clock) return reply;
        await acknowledgeCommands(app.db, clock.id, bodyText(request));
        return text(reply, 200, 'OK');
      },
    });
  }

  for (const url of variants('/iclock/ping')) {
    app.get(url, {
      config: { auth: 'device' },
      schema: schema('Keep-alive during long uploads; answers OK'),
      handler: async (request, reply) => {
        const clock = await clockOf(request, reply);
        if (!clock) return reply;
        return text(reply, 200, 'OK');
      },
    });
  }
}
