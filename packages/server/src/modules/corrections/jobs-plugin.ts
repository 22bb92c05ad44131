import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runAttendanceJobs } from './jobs';

/**
 * Runs the attendance job (missed-checkout reminders, automatic checkouts, the daily digest;
 * docs/product.md#missed-punches) every `attendanceJobIntervalMs` in each process; 0 turns it off.
 * Every process may run it: each reminder, automatic checkout and digest is claimed in the database
 * first, so it happens once. A run still going when the next is due is not overlapped.
 */
export const attendanceJobsPlugin = fp(async (app: FastifyInstance) => {
  if (app.config.attendanceJobIntervalMs <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runAttendanceJobs(app.deps, app.deps.now())
      .then((outcome) => app.log.debug(outcome, 'attendance job ran'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'attendance job failed'))
      .finally(() => {
        running = false;
      });
  }, app.config.attendanceJobIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
