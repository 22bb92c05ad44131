import type { Db } from './client';

/** An open transaction, as Drizzle hands it to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Anything a query can run on: the database or a transaction already open. */
export type Executor = Db | Tx;
