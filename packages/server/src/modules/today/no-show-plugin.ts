import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyNoShows } from './no-show';

/**
 * Runs the no-show job (docs/product.md#shifts-and-the-roster) every `attendanceJobIntervalMs`, as
 * the attendance jobs run, in each process; 0 turns it off. Every process may run it: each shift's
 * notice is claimed in the database first, so it is sent once. A run still going when the next is
 * due is not overlapped.
 */
export const noShowJobPlugin = fp(async (app: FastifyInstance) => {
  if (app.config.attendanceJobIntervalMs <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    notifyNoShows(app.deps, app.deps.now())
      .then((outcome) => app.log.debug(outcome, 'no-show job ran'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'no-show job failed'))
      .finally(() => {
        running = false;
      });
  }, app.config.attendanceJobIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
