import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { ClockTraffic } from './lib/graceful-stop';
import { loggerOptions } from './lib/logger';
import { createResponseSerializerCompiler } from './lib/serializers';
import { impersonationRoutes } from './modules/admin/impersonation-routes';
import { adminRoutes } from './modules/admin/routes';
import { attendanceRoutes } from './modules/attendance/routes';
import { accountRoutes } from './modules/auth/account-routes';
import { authRoutes } from './modules/auth/routes';
import { twoFactorRoutes } from './modules/auth/two-factor-routes';
import { calendarRoutes } from './modules/calendar/routes';
import { chatRoutes } from './modules/chat/routes';
import { contactRoutes } from './modules/contact/routes';
import { attendanceJobsPlugin } from './modules/corrections/jobs-plugin';
import { correctionsRoutes } from './modules/corrections/routes';
import { deviceGroupsRoutes } from './modules/device-groups/routes';
import { deviceProtocolRoutes } from './modules/devices/protocol-routes';
import { devicesRoutes } from './modules/devices/routes';
import { rolesRoutes } from './modules/employees/roles-routes';
import { employeesRoutes } from './modules/employees/routes';
import { exportsRoutes } from './modules/exports/routes';
import { healthRoutes } from './modules/health/routes';
import { holidaysRoutes } from './modules/holidays/routes';
import { hoursRoutes } from './modules/hours/routes';
import { leaveRoutes } from './modules/leave/routes';
import { listTypeRoutes } from './modules/list-type/routes';
import { listenForLiveUpdates } from './modules/live/listeners';
import { labourRoutes } from './modules/month-close/routes';
import { listenForNotices } from './modules/notifications/listeners';
import { notificationsRoutes } from './modules/notifications/routes';
import { payRoutes } from './modules/pay/routes';
import { photoJobPlugin } from './modules/phone-clock/jobs-plugin';
import { phoneClockRoutes } from './modules/phone-clock/routes';
import { rfidRoutes } from './modules/rfid/routes';
import { colleagueRoutes } from './modules/roster/colleagues';
import { rosterRoutes } from './modules/roster/routes';
import { rosterTemplateRoutes } from './modules/roster-templates/routes';
import { subscriptionRoutes } from './modules/subscription/routes';
import { noShowJobPlugin } from './modules/today/no-show-plugin';
import { todayRoutes } from './modules/today/routes';
import { workerRoutes } from './modules/worker/routes';
import { clockRoutes } from './modules/zkteco/clock-routes';
import { subscribeClockSync } from './modules/zkteco/commands';
import { zktecoRoutes } from './modules/zkteco/routes';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { decorateServiceDeps } from './plugins/deps';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { housekeepingPlugin } from './plugins/housekeeping';
import { mailPlugin } from './plugins/mail';
import { pushPlugin } from './plugins/push';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { realtimePlugin } from './plugins/realtime';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
  }
}

export type BuildOptions = {
  /** An open database (tests pass a fresh one); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is registered (the route-table tests read the whole API from it). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole server: infrastructure plugins, then app plugins, then feature routes. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 512 * 1024,
    // A number of proxies as proxy-addr counts them (the socket's peer is hop 0); Fastify's types
    // take it as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Time clocks and bridges differ in the case of their paths (`/iClock/cdata`): /iclock is one.
    rewriteUrl: (request) => {
      const url = request.url ?? '/';
      return /^\/iclock\//i.test(url) ? url.replace(/^[^?]*/, (path) => path.toLowerCase()) : url;
    },
    // The router's own refusals (a malformed URL, a path parameter over 100 characters) in the API's envelope.
    frameworkErrors: (error, _request, rawReply) => {
      // Typed for every possible route generic; this answer is the plain envelope.
      const reply = rawReply as FastifyReply;
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      reply
        .status(400)
        .send({ Status: false, Error: tooLong ? 'A part of the address is too long.' : 'The address is not valid.' });
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by serializers compiled from their schemas; tests also check each against it.
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: config.env === 'test' }));

  const database = options.database ?? (await openDatabase(config));
  await database.migrate();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  if (!options.database) app.addHook('onClose', async () => database.close());
  // Clock uploads in flight, which a graceful stop lets finish (lib/graceful-stop.ts).
  app.decorate('clockTraffic', new ClockTraffic());
  // A hook that never waits takes the callback form: no promise per request (bench/README.md#reads).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Infrastructure.
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(docsPlugin);
  await app.register(webPlugin);
  // App plugins: from here on every route must declare its auth level.
  await app.register(rateLimitsPlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(auditPlugin);
  await app.register(realtimePlugin);
  await app.register(pushPlugin);
  decorateServiceDeps(app);
  // Features state what changed; the time clocks' sync, the open pages and the notifications react (lib/events.ts).
  subscribeClockSync(app.deps.events);
  listenForLiveUpdates(app.deps.events, app.realtime);
  listenForNotices(app.deps.events, app.deps);
  await app.register(housekeepingPlugin);
  await app.register(attendanceJobsPlugin);
  await app.register(noShowJobPlugin);
  await app.register(photoJobPlugin);
  // Features.
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(twoFactorRoutes);
  await app.register(contactRoutes);
  await app.register(employeesRoutes);
  await app.register(rolesRoutes);
  await app.register(listTypeRoutes);
  await app.register(hoursRoutes);
  await app.register(payRoutes);
  await app.register(holidaysRoutes);
  await app.register(labourRoutes);
  await app.register(workerRoutes);
  await app.register(exportsRoutes);
  await app.register(adminRoutes);
  await app.register(impersonationRoutes);
  await app.register(subscriptionRoutes);
  await app.register(devicesRoutes);
  await app.register(clockRoutes);
  await app.register(deviceProtocolRoutes);
  await app.register(deviceGroupsRoutes);
  await app.register(rfidRoutes);
  await app.register(attendanceRoutes);
  await app.register(todayRoutes);
  await app.register(correctionsRoutes);
  await app.register(calendarRoutes);
  await app.register(leaveRoutes);
  await app.register(rosterRoutes);
  await app.register(rosterTemplateRoutes);
  await app.register(phoneClockRoutes);
  await app.register(colleagueRoutes);
  await app.register(zktecoRoutes);
  await app.register(chatRoutes);
  await app.register(notificationsRoutes);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
