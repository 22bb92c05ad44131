/**
 * The endpoints newer firmware adds to the push conversation, as ZKTeco's "Security PUSH" protocol
 * (push 3.x, V4.8) and "Attendance PUSH" (push 2.4.x, V4.0) documents describe them:
 * `registry` and `push` (push 3.x registration and options), `rtdata?type=time` (clock sync),
 * `querydata` (answers to a data query, users among them), `exchange` (encryption; Puna offers none,
 * so the clock keeps to plain text) and `fdata` (photos; discarded). docs/devices.md lists them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zoneOffsetMinutes } from '../../lib/zoned-time';
import { depsFor } from '../../plugins/deps';
import { timeZoneOf } from '../employer-settings/service';
import type { Caller } from './caller';
import { encodeClockTime, isPunchUpload, punchesAsAttlog } from './push3-punches';
import * as zk from './service';

export { encodeClockTime };

export type IclockIo = {
  /** The `preHandler` that identifies the clock, or answers its refusal (routes.ts). */
  identifyCaller: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The caller `identifyCaller` found. */
  callerOf: (request: FastifyRequest) => Caller;
  text: (reply: FastifyReply, status: number, body: string) => FastifyReply;
  param: (request: FastifyRequest, name: string) => string | undefined;
  bodyText: (request: FastifyRequest) => string;
  schema: (summary: string) => Record<string, unknown>;
};

const variants = (path: string) => [path, `${path}.aspx`];

/** The options block of `/iclock/push`; push version 3.0.1 is below 3.1.1, where encryption starts. */
export function push3Options(timeZone: number): string {
  return [
    'ServerVersion=3.0.1',
    'ServerName=Puna',
    'PushVersion=3.0.1',
    'PushProtVer=3.0.1',
    'ErrorDelay=30',
    'RequestDelay=10',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransTables=User Transaction',
    'Realtime=1',
    `SessionID=${randomBytes(16).toString('hex').toUpperCase()}`,
    'TimeoutSec=10',
    `TimeZone=${timeZone}`,
  ].join('\n');
}

/** `+0100`, `-0430`: a zone offset as `ServerTZ` writes it. */
export function serverTz(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * `user uid=1\tcardno=\tpin=1\tname=…` lines of a `querydata` user table, as the OPERLOG `USER`
 * lines the card adoption reads.
 */
export function queriedUsersAsOperlog(body: string): string {
  return body
    .split(/\r?\n/)
    .filter((line) => /^user\s/i.test(line))
    .map((line) => {
      const fields = new Map(
        line
          .replace(/^user\s+/i, '')
          .split('\t')
          .map((pair) => [pair.slice(0, pair.indexOf('=')).trim().toLowerCase(), pair.slice(pair.indexOf('=') + 1)]),
      );
      return `USER PIN=${fields.get('pin') ?? ''}\tName=${fields.get('name') ?? ''}\tCard=${fields.get('cardno') ?? ''}`;
    })
    .join('\n');
}

/**
 * The `RegistryCode` a clock is answered with: the same on every call for one registration (the
 * firmware keeps it and may compare), a new one when the serial is registered again. Puna checks
 * no token derived from it, so it is a label, not a secret.
 */
export function registryCodeOf(registrationId: number, serial: string): string {
  return createHash('sha256').update(`puna-registry\t${registrationId}\t${serial}`).digest('hex').slice(0, 16);
}

export async function push3Routes(fastify: FastifyInstance, io: IclockIo) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { identifyCaller, callerOf, text, param, bodyText, schema } = io;
  const employerOf = (caller: Caller) =>
    caller.clock ? caller.clock.employerId : (caller.waiting[0]?.employerId ?? 0);

  for (const url of variants('/iclock/registry')) {
    app.post(url, {
      config: { auth: 'device' },
      schema: schema('Push 3.x registration: answers RegistryCode=<code> to a registered serial'),
      preHandler: identifyCaller,
      handler: async (request, reply) => {
        const caller = callerOf(request);
        const registrationId = caller.clock ? caller.clock.id : (caller.waiting[0]?.id ?? 0);
        const serial = caller.clock ? caller.clock.deviceId : caller.serial;
        return text(reply, 200, `RegistryCode=${registryCodeOf(registrationId, serial)}`);
      },
    });
  }

  for (const url of variants('/iclock/push')) {
    app.route({
      method: ['GET', 'POST'],
      url,
      config: { auth: 'device' },
      schema: schema('Push 3.x options (ServerVersion, RequestDelay, TransTables, SessionID …)'),
      preHandler: identifyCaller,
      handler: async (request, reply) => {
        const caller = callerOf(request);
        return text(reply, 200, push3Options(await zk.clockTimeZoneOption(app.deps, employerOf(caller))));
      },
    });
  }

  for (const url of variants('/iclock/rtdata')) {
    app.get(url, {
      config: { auth: 'device' },
      schema: schema('Clock sync (type=time, also rttime): DateTime=<encoded UTC>,ServerTZ=+hhmm'),
      preHandler: identifyCaller,
      handler: async (request, reply) => {
        const caller = callerOf(request);
        const type = param(request, 'type')?.toLowerCase();
        if (type !== 'time' && type !== 'rttime') return text(reply, 200, 'OK');
        const now = new Date();
        const offset = zoneOffsetMinutes(now, await timeZoneOf(app.deps, employerOf(caller)));
        return text(reply, 200, `DateTime=${encodeClockTime(now)},ServerTZ=${serverTz(offset)}`);
      },
    });
  }

  for (const url of variants('/iclock/querydata')) {
    app.post(url, {
      config: { auth: 'device' },
      schema: schema(
        'Answers to a data query: user tables adopt cards by PIN, transaction and ATTLOG tables are punches; answers <table>=<count>',
      ),
      preHandler: identifyCaller,
      handler: async (request, reply) => {
        const caller = callerOf(request);
        if (!caller.clock) return text(reply, 403, 'ERROR: this clock waits for its confirmation punch');
        const table = param(request, 'tablename') ?? 'user';
        const body = bodyText(request);
        const lines = body.split(/\r?\n/).filter((line) => line.trim()).length;
        if (table.toLowerCase() === 'user') {
          await zk.receiveOperations(depsFor(app, request.log), caller.clock, queriedUsersAsOperlog(body));
        } else if (isPunchUpload('tabledata', table)) {
          const upload = punchesAsAttlog(body);
          await zk.receiveAttendance(depsFor(app, request.log), caller.clock, upload.attlog);
          return text(reply, 200, `${table}=${upload.lines}`);
        }
        return text(reply, 200, `${table}=${lines}`);
      },
    });
  }

  for (const url of variants('/iclock/exchange')) {
    app.route({
      method: ['GET', 'POST'],
      url,
      config: { auth: 'device' },
      schema: schema('Encryption exchange: Puna offers no encryption (PushProtVer below 2.4.0), answers OK'),
      preHandler: identifyCaller,
      handler: async (_request, reply) => text(reply, 200, 'OK'),
    });
  }

  for (const url of variants('/iclock/fdata')) {
    app.post(url, {
      config: { auth: 'device' },
      schema: schema('Photo uploads (the ATTPHOTO alternative): acknowledged and discarded'),
      preHandler: identifyCaller,
      handler: async (_request, reply) => text(reply, 200, 'OK'),
    });
  }
}
