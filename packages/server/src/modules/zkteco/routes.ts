import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../lib/errors';
import { depsFor } from '../../plugins/deps';
import { touchDevice } from '../devices/service';
import { punchedPins } from './attlog';
import type { Caller } from './caller';
import { acknowledgeCommands, takePendingCommands } from './commands';
import { isPunchUpload, punchesAsAttlog } from './push3-punches';
import { push3Routes, queriedUsersAsOperlog } from './push3-routes';
import * as zk from './service';
import {
  confirmationPins,
  confirmByPunch,
  isFromTrustedNetwork,
  reconfirmByPunch,
  waitingRegistrations,
} from './trust';

const WAITING = 'ERROR: this clock waits for its confirmation punch';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who called an /iclock route, set by the route's `preHandler` (`identifyCaller` below). */
    iclockCaller: Caller | null;
  }
}

/** The caller its route's `preHandler` found; a route read without that hook is a bug, not a refusal. */
function callerOf(request: FastifyRequest): Caller {
  if (!request.iclockCaller) throw new Error(`${request.method} ${request.url} has no identifyCaller preHandler`);
  return request.iclockCaller;
}

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
const BINARY_TABLES = new Set(['ATTPHOTO', 'PHOTO', 'BIODATA', 'FINGERTMP', 'FACE', 'USERPIC', 'BIOPHOTO', 'FVEIN']);

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
  const deps = (request: FastifyRequest) => depsFor(app, request.log);
  app.decorateRequest('iclockCaller', null);
  // Bodies stay bytes: photos and packages are binary (NUL bytes included); text tables are decoded per table.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ICLOCK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  // Counted while in flight; refused in text once the server stops (lib/graceful-stop.ts).
  app.addHook('onRequest', fastify.clockTraffic.onRequest);
  app.addHook('onResponse', fastify.clockTraffic.onResponse);

  const text = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('Date', new Date().toUTCString()).type('text/plain; charset=utf-8').send(body);

  // A clock reads text only: every refusal on /iclock/* is a short text line, never JSON.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      // The clock keeps its records and sends them again; nothing of this request was stored.
      request.log.warn({ err: error }, 'iclock request while the database is away');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return text(reply, 503, 'ERROR: the server is busy, send again later');
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'iclock request failed');
    else request.log.warn({ err: error, url: request.url }, 'iclock request refused');
    return text(reply, status, status >= 500 ? 'ERROR' : `ERROR: ${error.message.split('\n')[0]?.slice(0, 200)}`);
  });

  /**
   * Who is calling: a confirmed clock from its network, or a serial waiting for confirmation.
   * Anything else is refused in text (and logged): an unknown serial (rate limited per address),
   * or a confirmed serial from another network (shown to its employer, who may approve the move).
   */
  async function findCaller(request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
    const serial = param(request, 'SN');
    const clock = await zk.findClock(app.db, serial);
    if (clock) {
      if (!(await isFromTrustedNetwork(deps(request), clock, request.ip))) {
        if (await provesMove(request, clock)) {
          return { clock: { ...clock, confirmPin: null }, provedPin: clock.confirmPin ?? undefined };
        }
        request.log.warn({ serial, ip: request.ip }, "iclock request from outside the clock's network");
        await text(reply, 403, 'ERROR: this clock is not trusted from this network');
        return null;
      }
      await touchDevice(app.db, clock.id, { ip: request.ip });
      return { clock };
    }
    const waiting = serial && serial.length <= 64 ? await waitingRegistrations(app.db, serial) : [];
    if (serial && waiting.length > 0) return { clock: null, serial, waiting };
    request.log.warn({ serial: serial ?? null, ip: request.ip }, 'iclock request from an unknown serial');
    try {
      await app.rateLimits.unknownClockPerIp.consume(request.ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      await text(reply, 429, 'ERROR: too many requests');
      return null;
    }
    await text(reply, 401, 'Unknown device');
    return null;
  }

  /**
   * An ATTLOG upload from another network carrying the punch with the PIN its employer was given
   * when approving the move: the network becomes the clock's, and the upload is taken.
   */
  async function provesMove(request: FastifyRequest, clock: zk.Clock): Promise<boolean> {
    const table = param(request, 'table')?.toUpperCase();
    if (!clock.confirmPin || request.method !== 'POST' || !isPunchUpload(table, param(request, 'tablename'))) {
      return false;
    }
    const body = table === 'ATTLOG' ? bodyText(request) : punchesAsAttlog(bodyText(request)).attlog;
    const pins = confirmationPins(body);
    const moved = await reconfirmByPunch(deps(request), clock, pins, request.ip);
    if (moved) request.log.info({ serial: clock.deviceId, ip: request.ip }, 'iclock clock moved to a new network');
    return moved;
  }

  /**
   * The `preHandler` of every route a clock must be known for: the caller goes on the request, or
   * the refusal is answered and the handler never runs (Fastify skips it once the reply is sent).
   */
  async function identifyCaller(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.iclockCaller = await findCaller(request, reply);
  }
  const bodyText = (request: FastifyRequest) =>
    Buffer.isBuffer(request.body)
      ? request.body.toString('utf8')
      : typeof request.body === 'string'
        ? request.body
        : '';
  /** The upload's bytes, for tables whose text may be in a clock's 8-bit encoding. */
  const rawBody = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : undefined);
  const schema = (summary: string) => ({ tags: ['zkteco'], summary, querystring: ZIclockQuery });

  for (const url of variants('/iclock/cdata')) {
    app.get(url, {
      config: { auth: 'device' },
      schema: schema('Handshake: the clock fetches its options (text, first line GET OPTION FROM: <SN>)'),
      preHandler: identifyCaller,
      handler: async (request, reply) => {
        const caller = callerOf(request);
        // RemoteAtt: a user the clock does not know typed a PIN; the clock asks for that user.
        if (param(request, 'table')?.toUpperCase() === 'REMOTEATT') {
          if (!caller.clock) return text(reply, 200, '');
          return text(reply, 200, await zk.remoteUserLines(app.db, caller.clock, param(request, 'PIN')));
        }
        // A waiting clock gets its options without stamps: once confirmed it sends its whole log.
        const clock = caller.clock ?? { deviceId: caller.serial, employerId: caller.waiting[0]?.employerId ?? 0 };
        const stamps = caller.clock?.stamps ?? {};
        return text(
          reply,
          200,
          zk.handshakeText(clock.deviceId, await zk.clockTimeZoneOption(app.deps, clock.employerId), stamps),
        );
      },
    });
    app.post(url, {
      config: { auth: 'device' },
      schema: schema('Uploads: table=ATTLOG punches, table=OPERLOG users and cards; answers OK:<n>'),
      preHandler: identifyCaller,
      handler: async (request, reply) => {
        const caller = callerOf(request);
        const table = param(request, 'table')?.toUpperCase() ?? '';
        const stamp = param(request, 'Stamp');
        // Photos, fingerprint and face templates and tgz packages: acknowledged and discarded, so
        // the clock moves on (Puna keeps no biometrics).
        if (BINARY_TABLES.has(table) || /tgz|zip|bin/i.test(param(request, 'ContentType') ?? '')) {
          request.log.info(
            { serial: param(request, 'SN'), table, bytes: bodySize(request) },
            'iclock binary upload discarded',
          );
          if (caller.clock) await zk.saveStamp(app.db, caller.clock, table, stamp);
          return text(reply, 200, 'OK');
        }
        // Push 3.x punches (rtlog events, tabledata transactions) are read as ATTLOG lines: from here
        // on they are stored, deduplicated and confirm a clock as ATTLOG punches do (push3-punches.ts).
        const tablename = param(request, 'tablename');
        const push3 = table !== 'ATTLOG' && isPunchUpload(table, tablename) ? punchesAsAttlog(bodyText(request)) : null;
        const body = push3 ? push3.attlog : bodyText(request);
        let clock = caller.clock;
        let confirmPin: string | undefined = caller.provedPin;
        if (caller.clock === null) {
          const { serial, waiting } = caller;
          // A waiting clock: a punch with a confirmation PIN confirms it, and this upload is then
          // taken; otherwise it is refused in text, so the clock keeps its punches and retries.
          const candidates = waiting.flatMap((registration) =>
            registration.confirmPin ? [registration.confirmPin] : [],
          );
          // Every confirmation-range PIN punched too: a try with many confirms nothing (trust.ts).
          const pins = table === 'ATTLOG' || push3 ? [...punchedPins(body, candidates), ...confirmationPins(body)] : [];
          const confirmed = await confirmByPunch(deps(request), serial, waiting, pins, request.ip);
          if (confirmed !== null) clock = await zk.findClock(app.db, serial);
          if (!clock) return text(reply, 403, WAITING);
          confirmPin = waiting.find((registration) => registration.id === clock?.id)?.confirmPin ?? undefined;
          request.log.info({ serial, employerId: clock.employerId }, 'iclock clock confirmed');
        }
        if (!clock) return text(reply, 403, WAITING);
        let processed = 0;
        if (table === 'ATTLOG') processed = await zk.receiveAttendance(deps(request), clock, body, { confirmPin });
        else if (push3) {
          await zk.receiveAttendance(deps(request), clock, body, { confirmPin });
          // Counted as the clock sent them (door and alarm events included), in the table's own answer.
          processed = push3.lines;
          if (table === 'TABLEDATA') return text(reply, 200, `${tablename}=${processed}`);
        } else if (table === 'TABLEDATA' && tablename?.toLowerCase() === 'user') {
          processed = await zk.receiveOperations(deps(request), clock, queriedUsersAsOperlog(body));
          return text(reply, 200, `user=${processed}`);
        } else if (table === 'OPERLOG' || table === 'USERINFO' || table === 'USER') {
          // The bytes: names are decoded line by line (UTF-8, GBK or Latin-1), not as one UTF-8 text.
          processed = await zk.receiveOperations(deps(request), clock, rawBody(request) ?? body);
        } else if (table === 'OPTIONS') {
          // The clock's own settings and counts (DeviceName=…, UserCount=…): acknowledged with OK.
          await zk.saveStamp(app.db, clock, table, stamp);
          return text(reply, 200, 'OK');
        } else processed = body.split(/\r?\n/).filter((line) => line.trim()).length;
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
      preHandler: identifyCaller,
      handler: async (request, reply) => {
        const { clock } = callerOf(request);
        // A waiting serial has no commands yet: it hears OK and keeps polling.
        if (!clock) return text(reply, 200, 'OK');
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
      preHandler: identifyCaller,
      handler: async (request, reply) => {
        const { clock } = callerOf(request);
        if (!clock) return text(reply, 200, 'OK');
        await acknowledgeCommands(app.db, clock.id, bodyText(request));
        return text(reply, 200, 'OK');
      },
    });
  }

  for (const url of variants('/iclock/ping')) {
    app.get(url, {
      config: { auth: 'device' },
      schema: schema('Keep-alive during long uploads; answers OK'),
      preHandler: identifyCaller,
      // A known clock or a waiting serial (identifyCaller refused anything else): OK.
      handler: async (_request, reply) => text(reply, 200, 'OK'),
    });
  }

  // File data (user photos, firmware files) a clock asks for: Puna serves none, and a plain `OK`
  // lets the firmware move on (a 404 makes some retry the request on every poll).
  for (const url of variants('/iclock/fdata')) {
    app.get(url, {
      config: { auth: 'device' },
      schema: schema('File data a clock asks for (photos): Puna serves none, answers OK'),
      preHandler: identifyCaller,
      handler: async (_request, reply) => text(reply, 200, 'OK'),
    });
  }

  await push3Routes(app, { identifyCaller, callerOf, text, param, bodyText, schema });

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
