import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * Who a punch is for, as the kiosk knows it: a card read, a PIN typed on the pad or a QR badge
 * shown to the camera; with the photo taken at the punch (base64 JPEG ≤ 200 KB) when that is on.
 */
export type ScanIdentity = ({ uid: string } | { pin: string } | { badge: string }) & { photo?: string };
/** A scan as protocol v1 sends it (a kiosk's scan: `uid`, `pin` or `badge`); `seq` is never reused by this kiosk. */
export type QueuedScan = { seq: number; ts: string; uid?: string; pin?: string; badge?: string; photo?: string };

interface KioskDb extends DBSchema {
  scans: { key: number; value: QueuedScan };
  meta: { key: string; value: number };
}

const LAST_SEQ = 'lastSeq';

/**
 * The kiosk's persistent queue in IndexedDB: scans wait here, in seq order, until the server has
 * accepted them, so a closed tab, a power cut or a week offline loses nothing.
 */
export class ScanQueue {
  private constructor(private readonly db: IDBPDatabase<KioskDb>) {}

  static async open(name = 'puna-kiosk'): Promise<ScanQueue> {
    const db = await openDB<KioskDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('scans', { keyPath: 'seq' });
        database.createObjectStore('meta');
      },
    });
    return new ScanQueue(db);
  }

  /**
   * Queues a read under the next seq, in one transaction with the counter. The seq is at least the
   * current time in ms (protocol v1 allows it), so even a kiosk whose browser storage was wiped
   * never reuses a seq the server already holds — a reused one would be taken for a retry and dropped.
   */
  async add(identity: string | ScanIdentity, ts: string, now = Date.now()): Promise<QueuedScan> {
    const tx = this.db.transaction(['scans', 'meta'], 'readwrite');
    const last = (await tx.objectStore('meta').get(LAST_SEQ)) ?? 0;
    const who = typeof identity === 'string' ? { uid: identity } : identity;
    const scan: QueuedScan = { seq: Math.max(last + 1, now), ...who, ts };
    await Promise.all([tx.objectStore('meta').put(scan.seq, LAST_SEQ), tx.objectStore('scans').add(scan), tx.done]);
    return scan;
  }

  /** The oldest scans (lowest seq first), at most `limit`. */
  async peek(limit: number): Promise<QueuedScan[]> {
    return this.db.getAll('scans', undefined, limit);
  }

  async remove(seqs: readonly number[]): Promise<void> {
    if (seqs.length === 0) return;
    const tx = this.db.transaction('scans', 'readwrite');
    await Promise.all([...seqs.map((seq) => tx.store.delete(seq)), tx.done]);
  }

  async count(): Promise<number> {
    return this.db.count('scans');
  }

  /** Drops every waiting scan (unpairing: they belong to the device being let go). The seq counter stays. */
  async clear(): Promise<void> {
    await this.db.clear('scans');
  }

  close(): void {
    this.db.close();
  }
}
