import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
/**
 * A query parameter whatever its case (`SN`, `sn`, `Sn`: firmware and bridges differ). The first
 * spelling found wins; a repeated parameter counts by its first value.
 */
function param(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as Record<string, unknown>;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(query)) {
    if (key.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}

/** Uploads up to this size are taken (a clock holding its whole log sends it at once). */
export const ICLOCK_BODY_LIMIT = 16 * 1024 * 1024;

/** Tables whose uploads are binary: acknowledged and discarded. */
const BINARY_TABLES = new Set(['ATTPHOTO', 'BIODATA', 'FINGERTMP', 'FACE', 'USERPIC', 'BIOPHOTO', 'FVEIN']);

const bodySize = (request: FastifyRequest) =>
  Buffer.isBuffer(request.body) ? request.body.length : typeof request.body === 'string' ? request.body.length : 0;

/** Each path as firmware asks for it: plain and `.aspx` (trailing slashes are ignored app-wide). */
const variants = (path: string) => [path, `${path}.aspx`];

/**
 * ZKTeco push ("ADMS"/iclock) protocol: plain-text conversations opened by the clock. Text bodies
 * are parsed here only; the rest of the API accepts JSON alone.
 */
export async function zktecoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest) => ({ db: app.db, realtime: app.realtime, log: request.log });
  // Bodies stay bytes: photos and packages are binary (NUL bytes included); text tables are decoded per table.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ICLOCK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  const text = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('Date', new Date().toUTCString()).type('text/plain; charset=utf-8').send(body);

  // A clock reads text only: every refusal on /iclock/* is a short text line, never JSON.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'iclock request failed');
    else request.log.warn({ err: error, url: request.url }, 'iclock request refused');
    return text(reply, status, status >= 500 ? 'ERROR' : `ERROR: ${error.message.split('\n')[0]?.slice(0, 200)}`);
  });

  /** The registered clock, or a refusal the clock sees as text (and the log records). */
  async function clockOf(request: FastifyRequest, reply: FastifyReply) {
    const serial = param(request, 'SN');
    const clock = await zk.findClock(app.db, serial);
    if (!clock) {
      request.log.warn({ serial: serial ?? null, ip: request.ip }, 'iclock request from an unknown serial');
      await text(reply, 401, 'Unknown device');
      return null;
    }
    await touchDevice(app.db, clock.id, { ip: request.ip });
    return clock;
  }
  const bodyText = (request: FastifyRequest) =>
    Buffer.isBuffer(request.body)
      ? request.body.toString('utf8')
      : typeof request.body === 'string'
        ? request.body
        : '';
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
          zk.handshakeText(clock.deviceId, await zk.clockTimeZoneOption(app.db, clock.employerId), clock.stamps),
        );
      },
    });
    app.post(url, {
      config: { auth: 'device' },
      schema: schema('Uploads: table=ATTLOG punches, table=OPERLOG users and cards; answers OK:<n>'),
      handler: async (request, reply) => {
        const clock = await clockOf(request, reply);
        if (!clock) return reply;
        const table = param(request, 'table')?.toUpperCase() ?? '';
        const stamp = param(request, 'Stamp');
        // Photos, fingerprint and face templates and tgz packages: acknowledged and discarded, so
        // the clock moves on (Puna keeps no biometrics).
        if (BINARY_TABLES.has(table) || /tgz|zip|bin/i.test(param(request, 'ContentType') ?? '')) {
          request.log.info(
            { serial: clock.deviceId, table, bytes: bodySize(request) },
            'iclock binary upload discarded',
          );
          await zk.saveStamp(app.db, clock, table, stamp);
          return text(reply, 200, 'OK');
        }
        const body = bodyText(request);
        let processed = 0;
        if (table === 'ATTLOG') processed = await zk.receiveAttendance(deps(request), clock, body);
        else if (table === 'OPERLOG') processed = await zk.receiveOperations(deps(request), clock, body);
        else processed = body.split(/\r?\n/).filter((line) => line.trim()).length;
        // Only once the upload is stored: a clock that never read this answer sends it again.
        await zk.saveStamp(app.db, clock, table, stamp);
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
        const commands = await takePendingCommands(app.db, clock.id, clock.commandsPerPoll);
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

  // Any other /iclock path (a firmware's endpoint Puna does not serve) answers in text too.
  app.route({
    method: ['GET', 'POST'],
    url: '/iclock/*',
    config: { auth: 'device' },
    schema: schema('Any other /iclock path: 404 in plain text (a clock reads no JSON)'),
    handler: async (request, reply) => {
      request.log.warn({ url: request.url, ip: request.ip }, 'iclock endpoint not served');
      return text(reply, 404, 'ERROR: unknown endpoint');
    },
  });
}
