import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../../test/helpers/database';
import { openPostgres } from './client';

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL connections', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it("runs a transaction's side-by-side reads one after another on its connection, each with its own answer", async () => {
    const target = await createPostgresDatabase({ empty: true });
    cleanups.push(() => target.drop());
    const database = await openPostgres(target.url, { max: 2 });
    cleanups.push(() => database.close());
    const client = await database.pool?.connect();
    if (!client) throw new Error('no pool');
    try {
      const queued = (client as unknown as { _queryQueue: unknown[] })._queryQueue;
      const answers = Promise.all([
        client.query('select pg_sleep(0.05), 1 as n'),
        client.query('select 2 as n'),
        client.query('select 3 as n'),
      ]);
      // node-postgres itself holds none waiting (its own queue is deprecated): they wait in ours.
      expect(queued.length).toBe(0);
      expect((await answers).map((result) => result.rows[0].n)).toEqual([1, 2, 3]);
      // A failed query does not stop the ones after it.
      const mixed = await Promise.allSettled([client.query('select nonsense'), client.query('select 4 as n')]);
      expect(mixed[0].status).toBe('rejected');
      expect(mixed[1].status === 'fulfilled' && mixed[1].value.rows[0].n).toBe(4);
    } finally {
      client.release();
    }
    // Through Drizzle, as the month close reads its statement in its transaction.
    const rows = await database.db.transaction(async (tx) =>
      Promise.all([1, 2, 3].map((n) => tx.execute(sql`select ${n}::int as n`))),
    );
    expect(rows.map((result) => (result as unknown as { rows: { n: number }[] }).rows[0]?.n)).toEqual([1, 2, 3]);
  });
});
