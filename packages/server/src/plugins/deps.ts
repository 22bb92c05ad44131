import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { EventBus } from '../lib/events';
import type { Mailer } from './mail';
import type { Push } from './push';
import type { RateLimits } from './rate-limits';
import type { Realtime } from './realtime';

/**
 * Everything a service may need, built once per app (`app.deps`) after the infrastructure plugins.
 * Every service takes it first: `(deps, actor, input)`. A service that needs only a part of it
 * types its parameter as `Pick<ServiceDeps, …>`, so a test or a CLI can hand it just that part.
 */
export type ServiceDeps = {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  rateLimits: RateLimits;
  realtime: Realtime;
  push: Push;
  log: FastifyBaseLogger;
  /** Domain events: features state what changed, subscribers (the clocks' sync) react in the same transaction. */
  events: EventBus;
  /** The current instant; tests may pin it. */
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: ServiceDeps;
  }
}

/** Decorates `app.deps`; call once every plugin it reads has been registered. */
export function decorateServiceDeps(app: FastifyInstance): void {
  app.decorate('deps', {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    rateLimits: app.rateLimits,
    realtime: app.realtime,
    push: app.push,
    log: app.log,
    events: new EventBus(app.log),
    now: () => new Date(),
  });
}

/** The app's deps logging through one request's logger (its lines carry the request id). */
export function depsFor(app: FastifyInstance, log: FastifyBaseLogger): ServiceDeps {
  return { ...app.deps, log };
}
