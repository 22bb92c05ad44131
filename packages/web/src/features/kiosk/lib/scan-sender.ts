import type { TScanBatchResponse, TScanResult } from '@puna/domain';
import { DeviceRequestError } from '../api/device-client';
import type { QueuedScan, ScanQueue } from './scan-queue';

/**
 * What became of one queued scan; `employee` is undefined when the server named no one (not a kiosk
 * device); `error` says why a PIN or badge found no one.
 */
export type ScanOutcome =
  | { seq: number; status: 'accepted'; employee: TScanResult['employee'] | undefined; error?: TScanResult['error'] }
  | { seq: number; status: 'rejected'; error: string };

export type SenderState = {
  /** Scans still waiting in the queue. */
  pending: number;
  /** The last attempt failed; a retry is scheduled. */
  failing: boolean;
  /** The server refused the device's credentials (401). */
  refused: boolean;
};

type Schedule = (run: () => void, delayMs: number) => () => void;

export type ScanSenderOptions = {
  queue: Pick<ScanQueue, 'peek' | 'remove' | 'count'>;
  send: (scans: QueuedScan[]) => Promise<TScanBatchResponse>;
  batchSize?: number;
  /** Retry after 1 s, then twice as long each time up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  onOutcomes?: (outcomes: ScanOutcome[]) => void;
  onState?: (state: SenderState) => void;
  schedule?: Schedule;
};

const defaultSchedule: Schedule = (run, delayMs) => {
  const timer = setTimeout(run, delayMs);
  return () => clearTimeout(timer);
};

/**
 * Sends the queue to the server in order, a batch at a time, following protocol v1's device rule:
 * a scan leaves the queue only when the server lists it as accepted (or rejected: it never will
 * be accepted); on a network error, a 5xx or a refusal the same batch is tried again later, with
 * a growing pause. One drain runs at a time; asking again while one runs queues one more.
 */
export class ScanSender {
  private readonly batchSize: number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly schedule: Schedule;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private waiting: Promise<boolean> | null = null;
  private stopped = false;

  constructor(private readonly options: ScanSenderOptions) {
    this.batchSize = options.batchSize ?? 100;
    this.firstRetryMs = options.firstRetryMs ?? 1000;
    this.maxRetryMs = options.maxRetryMs ?? 30_000;
    this.schedule = options.schedule ?? defaultSchedule;
  }

  /** Sends everything queued; resolves true once the queue is empty, false when a retry had to be scheduled. */
  flush(): Promise<boolean> {
    if (!this.waiting) {
      const run = this.tail.then(() => {
        this.waiting = null;
        return this.drain();
      });
      this.waiting = run;
      this.tail = run.catch(() => false);
    }
    return this.waiting;
  }

  /** The network is back (or a new scan came in): forget the backoff and send now. */
  wake(): Promise<boolean> {
    this.failures = 0;
    return this.flush();
  }

  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  private async drain(): Promise<boolean> {
    this.cancelRetry?.();
    this.cancelRetry = null;
    while (!this.stopped) {
      const batch = withinBodyLimit(await this.options.queue.peek(this.batchSize));
      if (batch.length === 0) {
        this.failures = 0;
        await this.report(false, false);
        return true;
      }
      let answer: TScanBatchResponse;
      try {
        answer = await this.options.send(batch);
      } catch (error) {
        return this.retryLater(error instanceof DeviceRequestError && error.isRefused);
      }
      const outcomes = outcomesOf(batch, answer);
      if (outcomes.length === 0) return this.retryLater(false);
      await this.options.queue.remove(outcomes.map((outcome) => outcome.seq));
      this.failures = 0;
      this.options.onOutcomes?.(outcomes);
      await this.report(false, false);
    }
    return false;
  }

  private async retryLater(refused: boolean): Promise<false> {
    this.failures += 1;
    const delay = Math.min(this.maxRetryMs, this.firstRetryMs * 2 ** (this.failures - 1));
    if (!this.stopped) this.cancelRetry = this.schedule(() => void this.flush(), delay);
    await this.report(true, refused);
    return false;
  }

  private async report(failing: boolean, refused: boolean): Promise<void> {
    if (!this.options.onState) return;
    this.options.onState({ pending: await this.options.queue.count(), failing, refused });
  }
}

/** The scans of this batch the server settled, in the batch's order. */
function outcomesOf(batch: QueuedScan[], answer: TScanBatchResponse): ScanOutcome[] {
  const accepted = new Set(answer.accepted);
  const rejected = new Map(answer.rejected.map((item) => [item.seq, item.error]));
  const results = new Map((answer.results ?? []).map((result) => [result.seq, result]));
  const outcomes: ScanOutcome[] = [];
  for (const scan of batch) {
    if (accepted.has(scan.seq)) {
      const result = results.get(scan.seq);
      outcomes.push({
        seq: scan.seq,
        status: 'accepted',
        employee: result?.employee,
        ...(result?.error ? { error: result.error } : {}),
      });
    } else {
      const error = rejected.get(scan.seq);
      if (error !== undefined) outcomes.push({ seq: scan.seq, status: 'rejected', error });
    }
  }
  return outcomes;
}

/** Photos ride in the batch: at most this many characters of them per request (the server takes 4 MiB). */
export const BATCH_PHOTO_CHARS = 2_500_000;

/** The longest head of the batch whose photos fit in one request (always at least one scan). */
export function withinBodyLimit(batch: QueuedScan[]): QueuedScan[] {
  let total = 0;
  for (const [index, scan] of batch.entries()) {
    total += scan.photo?.length ?? 0;
    if (total > BATCH_PHOTO_CHARS) return batch.slice(0, Math.max(1, index));
  }
  return batch;
}
