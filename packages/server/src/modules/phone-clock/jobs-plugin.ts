import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredPhotos } from './photos';

/** The photo job's first run after start: a minute in, out of the start's way. */
const FIRST_RUN_MS = 60 * 1000;

/**
 * Runs the photo job (`deleteExpiredPhotos`) a minute after start and then every
 * `photoJobIntervalMs` (a day) in each process, as the attendance job is run; 0 turns it off. A
 * run still going when the next is due is not overlapped.
 */
export const photoJobPlugin = fp(async (app: FastifyInstance) => {
  const interval = app.config.photoJobIntervalMs;
  if (interval <= 0) return;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    deleteExpiredPhotos(app.db, app.deps.now())
      .then((outcome) => app.log.debug(outcome, 'photo job ran'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'photo job failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, Math.min(FIRST_RUN_MS, interval));
  first.unref();
  const timer = setInterval(run, interval);
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
});
