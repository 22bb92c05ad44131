import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a stopping server lets clock uploads already under way finish (docs/devices.md,
 * "Stopping the server"). A clock's upload of its whole log (16 MiB at most) takes a few seconds.
 */
export const UPLOAD_DRAIN_MS = 30_000;
/** What a clock calling while the server stops is told to wait before sending again, in seconds. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * Clock requests (`/iclock/*`) in flight, from their headers to their answer's last byte (or a
 * dropped connection). Once the server stops taking them, new ones are answered 503 in text.
 */
export class ClockTraffic {
  private readonly inFlight = new Set<FastifyReply>();
  private readonly waiters = new Set<() => void>();
  private stopped = false;

  get taking(): boolean {
    return !this.stopped;
  }

  get count(): number {
    return this.inFlight.size;
  }

  /**
   * An `onRequest` hook for the /iclock routes: counts the request until its answer is sent or
   * its connection drops; once stopped, answers `ERROR: …` with `Retry-After` and takes nothing.
   */
  readonly onRequest = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (this.stopped) {
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('Connection', 'close')
        .header('Date', new Date().toUTCString())
        .type('text/plain; charset=utf-8')
        .send('ERROR: the server is restarting, send again later');
    }
    this.inFlight.add(reply);
    reply.raw.once('close', () => this.release(reply));
  };

  /** An `onResponse` hook: the answer is sent (injected requests have no connection to close). */
  readonly onResponse = async (_request: FastifyRequest, reply: FastifyReply) => {
    this.release(reply);
  };

  private release(reply: FastifyReply) {
    if (!this.inFlight.delete(reply)) return;
    if (this.inFlight.size === 0) for (const wake of [...this.waiters]) wake();
  }

  /**
   * Takes no new clock request and waits for those in flight, at most `boundMs`; how many were
   * still running when the bound passed (0 when all finished).
   */
  async drain(boundMs = UPLOAD_DRAIN_MS): Promise<number> {
    this.stopped = true;
    if (this.inFlight.size === 0) return 0;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, boundMs);
      this.waiters.add(done);
    });
    return this.inFlight.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Clock requests in flight; what a graceful stop waits for. */
    clockTraffic: ClockTraffic;
  }
}

/**
 * The server's stop (SIGTERM, SIGINT): refuses new clock uploads with 503 in text, lets those
 * in flight finish within `drainMs` (so a clock never has half a batch stored and no answer), then
 * closes the app (the database last, in its `onClose` hook).
 */
export async function stopGracefully(app: FastifyInstance, drainMs = UPLOAD_DRAIN_MS): Promise<void> {
  const left = await app.clockTraffic.drain(drainMs);
  if (left > 0) app.log.warn({ left, drainMs }, 'clock uploads still running when the server stopped');
  await app.close();
}
