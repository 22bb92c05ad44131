import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PunchRequest, punchStateKey, sendPunch } from '../api/punch';
import type { TPunchResult } from '../api/schemas';
import { type FlushOutcome, flushPunches, isFinalRefusal } from '../lib/punch-flush';
import { PunchQueue } from '../lib/punch-queue';

/** How often waiting punches are tried again while some wait (besides when the phone is back online). */
const RETRY_MS = 30_000;

export type PunchAttempt =
  | { kind: 'sent'; punch: TPunchResult }
  | { kind: 'refused'; error: unknown }
  | { kind: 'queued' }
  /** Sent after the punches that waited before it; its outcome went to `onSettled` with theirs. */
  | { kind: 'reported' };

/**
 * The worker's punches on their way: each is kept in IndexedDB (one store per worker, so a phone
 * shared by two workers never sends one's punch under the other's session) before it is sent, and
 * stays there until the server answers. Waiting punches are sent when the browser says it is
 * online again, and every 30 s while any wait.
 */
export function usePunchQueue(workerId: number, onSettled: (outcomes: FlushOutcome[]) => void) {
  const queryClient = useQueryClient();
  const queueRef = useRef<PunchQueue | null>(null);
  const [waiting, setWaiting] = useState(0);
  const flushing = useRef(false);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;

  const refreshCount = useCallback(async () => {
    const queue = queueRef.current;
    if (queue) setWaiting(await queue.count());
  }, []);

  const flush = useCallback(async () => {
    const queue = queueRef.current;
    if (!queue || flushing.current) return;
    flushing.current = true;
    try {
      const outcomes = await flushPunches(queue, sendPunch);
      if (outcomes.length > 0) {
        settledRef.current(outcomes);
        await queryClient.invalidateQueries({ queryKey: punchStateKey });
      }
    } finally {
      flushing.current = false;
      await refreshCount();
    }
  }, [queryClient, refreshCount]);

  useEffect(() => {
    let closed = false;
    PunchQueue.open(`puna-phone-punches-${workerId}`)
      .then((queue) => {
        if (closed) {
          queue.close();
          return;
        }
        queueRef.current = queue;
        void flush();
      })
      .catch(() => undefined);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      closed = true;
      window.removeEventListener('online', online);
      queueRef.current?.close();
      queueRef.current = null;
    };
  }, [workerId, flush]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  /** Keeps the punch, then sends it; a punch that cannot go now waits in the queue. */
  const punch = useCallback(
    async (request: PunchRequest): Promise<PunchAttempt> => {
      const queue = queueRef.current;
      await queue?.add(request);
      // Punches made before this one go first: each one's direction follows the one before.
      if (queue && (await queue.count()) > 1) {
        await flush();
        const still = (await queue.all()).some((item) => item.id === request.id);
        return still ? { kind: 'queued' } : { kind: 'reported' };
      }
      try {
        const sent = await sendPunch(request);
        await queue?.remove(request.id);
        await queryClient.invalidateQueries({ queryKey: punchStateKey });
        return { kind: 'sent', punch: sent };
      } catch (error) {
        if (isFinalRefusal(error)) {
          await queue?.remove(request.id);
          return { kind: 'refused', error };
        }
        return { kind: 'queued' };
      } finally {
        await refreshCount();
      }
    },
    [flush, queryClient, refreshCount],
  );

  return { waiting, punch, flush };
}
