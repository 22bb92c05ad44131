import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { PunchRequest } from '../api/punch';

/** A punch waiting to be sent; `id` is its client UUID, so sending it twice stores it once. */
export type QueuedPunch = PunchRequest & { queued_at: number };

interface PunchDb extends DBSchema {
  punches: { key: string; value: QueuedPunch; indexes: { queued: number } };
}

/**
 * The phone's punches that have not reached the server yet, in IndexedDB (the kiosk's pattern,
 * features/kiosk/lib/scan-queue.ts): a punch made offline, or whose send failed on the network,
 * waits here, in the order it was made, until the server answers it — accepted or refused.
 */
export class PunchQueue {
  private constructor(private readonly db: IDBPDatabase<PunchDb>) {}

  static async open(name = 'puna-phone-punches'): Promise<PunchQueue> {
    const db = await openDB<PunchDb>(name, 1, {
      upgrade(database) {
        const store = database.createObjectStore('punches', { keyPath: 'id' });
        store.createIndex('queued', 'queued_at');
      },
    });
    return new PunchQueue(db);
  }

  /** Keeps a punch (a second add of the same id replaces it). */
  async add(punch: PunchRequest, now = Date.now()): Promise<QueuedPunch> {
    const queued = { ...punch, queued_at: now };
    await this.db.put('punches', queued);
    return queued;
  }

  /** Every waiting punch, oldest first. */
  async all(): Promise<QueuedPunch[]> {
    return this.db.getAllFromIndex('punches', 'queued');
  }

  async remove(id: string): Promise<void> {
    await this.db.delete('punches', id);
  }

  async count(): Promise<number> {
    return this.db.count('punches');
  }

  close(): void {
    this.db.close();
  }
}
