import { useCallback, useEffect, useRef, useState } from 'react';
import { DeviceRequestError, type KioskCredentials, sendHeartbeat, sendScans } from '../api/device-client';
import { beep } from '../lib/beep';
import { type ScanIdentity, ScanQueue } from '../lib/scan-queue';
import { type ScanOutcome, ScanSender } from '../lib/scan-sender';

export const HEARTBEAT_MS = 30_000;
/** How long a read waits for the server's answer before the kiosk says "saved, will send". */
const ANSWER_WAIT_MS = 4000;
/** How long the result of a read stays on screen. */
const FEEDBACK_MS = 5000;

export type Feedback =
  | { kind: 'known'; name: string; at: Date }
  | { kind: 'unknown'; at: Date }
  | { kind: 'wrongPin'; at: Date }
  | { kind: 'badBadge'; at: Date }
  | { kind: 'locked'; at: Date }
  | { kind: 'recorded'; at: Date }
  | { kind: 'saved'; at: Date }
  | { kind: 'rejected'; at: Date; error: string };

export type KioskStatus = {
  /** The last call reached the server and the browser reports a network. */
  online: boolean;
  /** Scans in the queue, not yet accepted by the server. */
  pending: number;
  /** The server refused the device ID and secret: the kiosk must be paired again. */
  refused: boolean;
  /** Scans the server rejected (they are dropped); the last one's error. */
  dropped: { count: number; error: string } | null;
};

function feedbackOf(outcome: ScanOutcome | null, at: Date, method: 'card' | 'pin' | 'badge'): Feedback {
  if (!outcome) return { kind: 'saved', at };
  if (outcome.status === 'rejected') return { kind: 'rejected', at, error: outcome.error };
  if (outcome.error === 'locked') return { kind: 'locked', at };
  if (outcome.error === 'unknown') return { kind: method === 'badge' ? 'badBadge' : 'wrongPin', at };
  if (outcome.employee === undefined) return { kind: 'recorded', at };
  return outcome.employee ? { kind: 'known', name: outcome.employee.name, at } : { kind: 'unknown', at };
}

const beepFor: Record<Feedback['kind'], Parameters<typeof beep>[0]> = {
  known: 'known',
  recorded: 'known',
  unknown: 'unknown',
  wrongPin: 'unknown',
  badBadge: 'unknown',
  locked: 'error',
  saved: 'saved',
  rejected: 'error',
};

/**
 * The kiosk at work: every card read goes into the persistent queue, the sender delivers the queue
 * in order (now, on `online`, after each heartbeat, or with backoff), and the read's own answer
 * becomes the feedback on screen.
 */
export function useKiosk(credentials: KioskCredentials) {
  const [status, setStatus] = useState<KioskStatus>({
    online: navigator.onLine,
    pending: 0,
    refused: false,
    dropped: null,
  });
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const parts = useRef<{ queue: ScanQueue; sender: ScanSender } | null>(null);
  const ready = useRef<Promise<{ queue: ScanQueue; sender: ScanSender }> | null>(null);
  const waiters = useRef(new Map<number, (outcome: ScanOutcome) => void>());
  const latestRead = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let sender: ScanSender | null = null;
    let queue: ScanQueue | null = null;
    ready.current = ScanQueue.open().then((opened) => {
      queue = opened;
      sender = new ScanSender({
        queue: opened,
        send: (scans) => sendScans(credentials, scans),
        onOutcomes: (outcomes) => {
          for (const outcome of outcomes) waiters.current.get(outcome.seq)?.(outcome);
          const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
          const last = rejected.at(-1);
          if (last?.status === 'rejected') {
            setStatus((now) => ({
              ...now,
              dropped: { count: (now.dropped?.count ?? 0) + rejected.length, error: last.error },
            }));
          }
        },
        onState: (state) => {
          if (cancelled) return;
          setStatus((now) => ({
            ...now,
            pending: state.pending,
            online: navigator.onLine && !state.failing,
            refused: state.refused,
          }));
        },
      });
      parts.current = { queue: opened, sender };
      if (cancelled) sender.stop();
      else void sender.flush(); // scans left from before (a reload, a power cut) go first
      return parts.current;
    });

    const heartbeat = async () => {
      try {
        await sendHeartbeat(credentials);
        setStatus((now) => ({ ...now, online: true, refused: false }));
        void parts.current?.sender.wake();
      } catch (error) {
        const refused = error instanceof DeviceRequestError && error.isRefused;
        setStatus((now) => ({ ...now, online: false, refused }));
      }
    };
    const timer = window.setInterval(() => void heartbeat(), HEARTBEAT_MS);
    const onOnline = () => {
      setStatus((now) => ({ ...now, online: true }));
      void parts.current?.sender.wake();
    };
    const onOffline = () => setStatus((now) => ({ ...now, online: false }));
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      sender?.stop();
      queue?.close();
      parts.current = null;
    };
  }, [credentials]);

  // The result stays a few seconds, then the screen returns to the clock.
  useEffect(() => {
    if (!feedback) return;
    const timer = window.setTimeout(() => setFeedback(null), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [feedback]);

  /** A punch: a card's UID, or a PIN or badge (with the photo taken at it, when that is on). */
  const handleRead = useCallback(async (identity: string | ScanIdentity, at = new Date()) => {
    const readNumber = ++latestRead.current;
    const { queue, sender } = await (ready.current ?? Promise.reject(new Error('kiosk not started')));
    const scan = await queue.add(identity, at.toISOString());
    const method = typeof identity === 'string' || 'uid' in identity ? 'card' : 'pin' in identity ? 'pin' : 'badge';
    let outcome: ScanOutcome | null = null;
    if (navigator.onLine) {
      const answered = new Promise<ScanOutcome>((resolve) => waiters.current.set(scan.seq, resolve));
      const failed = sender.wake().then((delivered) => (delivered ? answered : null));
      const timedOut = new Promise<null>((resolve) => window.setTimeout(() => resolve(null), ANSWER_WAIT_MS));
      outcome = await Promise.race([answered, failed, timedOut]);
      waiters.current.delete(scan.seq);
    } else {
      // Offline: no waiting; the failed try reports the new pending count and schedules the retry.
      void sender.flush();
    }
    // A newer read already has the screen.
    if (readNumber !== latestRead.current) return;
    const next = feedbackOf(outcome, at, method);
    setFeedback(next);
    beep(beepFor[next.kind]);
  }, []);

  /** Unpairing: the waiting scans belong to the device being let go, so they are dropped. */
  const forgetQueue = useCallback(async () => {
    const { queue, sender } = await (ready.current ?? Promise.reject(new Error('kiosk not started')));
    sender.stop();
    await queue.clear();
  }, []);

  return { status, feedback, handleRead, forgetQueue };
}
