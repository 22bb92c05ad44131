import { ApiError } from '../../../lib/api';
import type { PunchRequest } from '../api/punch';
import type { TPunchResult } from '../api/schemas';
import type { PunchQueue, QueuedPunch } from './punch-queue';

/** What became of a queued punch the server answered. */
export type FlushOutcome =
  | { kind: 'sent'; punch: TPunchResult }
  | { kind: 'refused'; queued: QueuedPunch; error: ApiError };

/**
 * Whether the server's answer settles the punch: accepted, or refused for good (a 4xx but the
 * rate limit's 429 and a timeout's 408). A network failure or a 5xx leaves it queued, to be sent again.
 */
export function isFinalRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
}

/**
 * Sends the queued punches oldest first, one at a time (each one's direction follows the one
 * before). Stops at the first that cannot be sent now; resolves with what the server settled.
 */
export async function flushPunches(
  queue: Pick<PunchQueue, 'all' | 'remove'>,
  send: (punch: PunchRequest) => Promise<TPunchResult>,
): Promise<FlushOutcome[]> {
  const outcomes: FlushOutcome[] = [];
  for (const queued of await queue.all()) {
    try {
      const { queued_at: _queuedAt, ...request } = queued;
      const punch = await send(request);
      await queue.remove(queued.id);
      outcomes.push({ kind: 'sent', punch });
    } catch (error) {
      if (!isFinalRefusal(error)) break;
      await queue.remove(queued.id);
      outcomes.push({ kind: 'refused', queued, error });
    }
  }
  return outcomes;
}
