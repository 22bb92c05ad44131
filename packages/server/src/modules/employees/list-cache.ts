/**
 * The employee list's answers kept in memory (issue 37, item 2), per database handle (so two apps
 * in one process, as in the tests, never share one) and per employer. An answer is used only
 * for the version and the date it was made with: the database raises an employer's version when
 * a transaction that wrote its employees or their logins commits (migration 0026), and "today" in
 * the employer's zone decides who has left. Both are read by the request, in one small statement;
 * the list itself, with its 200 rows to parse, sort and join, only when they changed. Several
 * processes each keep their own answers and each reads the version, so none serves another's old
 * list.
 */

/** An answer: the JSON bytes, under the version and the date it was read with. */
export type ListEntry = { version: string; today: string; body: Buffer };

/** At most this many bytes of answers per database handle; the least recently used go first. */
export const LIST_CACHE_BYTES = 16 * 1024 * 1024;

export class ListCache {
  private readonly entries = new Map<number, ListEntry>();
  private bytes = 0;

  constructor(private readonly maxBytes = LIST_CACHE_BYTES) {}

  /** The employer's answer, when it was made with this version and date. */
  get(employerId: number, version: string, today: string): Buffer | undefined {
    const entry = this.entries.get(employerId);
    if (!entry || entry.version !== version || entry.today !== today) return undefined;
    // Most recently used last.
    this.entries.delete(employerId);
    this.entries.set(employerId, entry);
    return entry.body;
  }

  set(employerId: number, entry: ListEntry): void {
    this.drop(employerId);
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(employerId, entry);
    this.bytes += entry.body.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** How many bytes of answers are kept. */
  get size(): number {
    return this.bytes;
  }

  private drop(employerId: number): void {
    const entry = this.entries.get(employerId);
    if (!entry) return;
    this.entries.delete(employerId);
    this.bytes -= entry.body.length;
  }
}

const caches = new WeakMap<object, ListCache>();

/** The cache of one database handle. */
export function listCacheOf(db: object): ListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ListCache();
    caches.set(db, cache);
  }
  return cache;
}
