import { Column, is, Param, Placeholder, SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './executor';

/**
 * Reads on the hot path (issue 17), written with Drizzle's query builder but run without it:
 * Drizzle builds a query's SQL text on every call (walking its chunks, about 0.1–0.3 ms a query,
 * far more for an `in (…)` list of 500 ids) and maps each row field by field with an `is()` check
 * per field (about 1 µs a field: 0.5 ms for 500 rows of ten columns). A `preparedRead` builds its
 * SQL once, with `sql.placeholder(name)` where the values go, and each call sends that text with
 * the values, reads the rows as arrays and applies each column's own decoder (the same
 * `mapFromDriverValue` Drizzle would call: numbers from numeric, Dates from timestamps) once per
 * field. The driver's type parsers are Drizzle's (dates and timestamps as text), so a row is what
 * `await db.select(…)` gives, field for field; `prepared.test.ts` checks that on both databases.
 *
 * Only flat selections (`{ key: column | sql }`) of a select are accepted, as the per-row mapping
 * assumes them. It runs on the database or inside a transaction (the session's own client).
 */

/** What the select's `where` compares with a placeholder: one value per name. */
type Values = Record<string, unknown>;

/** A parameter: a placeholder's value (through its column's encoder when compared with one), or a fixed value. */
type Slot = { name: string; encoder: { mapToDriverValue(value: unknown): unknown } | null } | { value: unknown };

type Decoder = { mapFromDriverValue(value: unknown): unknown };

export type PreparedRead<Row> = {
  /** The SQL text (built once). */
  readonly text: string;
  run(db: Executor, values?: Values): Promise<Row[]>;
};

const dialect = new PgDialect();
const builder = new QueryBuilder(dialect);

/** Drizzle's own type parsers: dates, timestamps and intervals as the database's text (its decoders read them). */
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: unknown) => value;
const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'),
};
const pgliteParsers = Object.fromEntries([...TEXT_TYPES].map((oid) => [oid, asText]));

/** A select of Drizzle's builder: its SQL, and its row type (`_.result`). */
type SelectLike = {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly result: unknown[] };
};

/**
 * A select built once from `build(qb)` (a Drizzle `QueryBuilder`: `qb.select({…}).from(…).where(…)`,
 * values as `sql.placeholder('name')`), run by `run(db, { name: value })`. Rows have the select's type.
 */
export function preparedRead<Q extends SelectLike>(
  build: (qb: QueryBuilder) => Q,
): PreparedRead<Q['_']['result'][number]> {
  const query = build(builder);
  const { sql: text, params } = query.toSQL();
  const slots = slotsOf(params);
  // The selection in the order the select lists it (the builder's config is internal to Drizzle).
  const fields = Object.entries((query as unknown as { config: { fields: Record<string, unknown> } }).config.fields);
  const keys = fields.map(([key]) => key);
  const decoders: Decoder[] = fields.map(([key, field]) => {
    if (is(field, Column)) return field as unknown as Decoder;
    // An sql expression's decoder (`.mapWith()`, else one that returns the value) is internal to Drizzle.
    if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
    if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
    throw new Error(`preparedRead: the field ${key} is not a column or an sql expression (only flat selections)`);
  });
  const count = keys.length;
  const toRow = (raw: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < count; i += 1) {
      const value = raw[i];
      row[keys[i] as string] =
        value === null || value === undefined ? null : (decoders[i] as Decoder).mapFromDriverValue(value);
    }
    return row;
  };
  return {
    text,
    async run(db, values = {}) {
      const raws = await arrayRows(db, text, fill(slots, values));
      return raws.map(toRow) as Q['_']['result'][number][];
    },
  };
}

/**
 * An `sql` query built once, `sql.placeholder(name)` where the values go; `run` resolves its rows
 * as arrays of the driver's values (dates and timestamps as text), in the order it selects them.
 */
export function preparedSql<Row extends unknown[]>(query: SQL): PreparedRead<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const slots = slotsOf(params);
  return {
    text,
    async run(db, values = {}) {
      return (await arrayRows(db, text, fill(slots, values))) as Row[];
    },
  };
}

function slotsOf(params: unknown[]): Slot[] {
  return params.map((param) => {
    if (is(param, Placeholder)) return { name: param.name, encoder: null };
    if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encoder: param.encoder };
    return { value: param };
  });
}

function fill(slots: readonly Slot[], values: Values): unknown[] {
  return slots.map((slot) => {
    if (!('name' in slot)) return slot.value;
    if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}" was provided`);
    const value = values[slot.name];
    return slot.encoder && value !== null && value !== undefined ? slot.encoder.mapToDriverValue(value) : value;
  });
}

/** Runs SQL text with its values on the database or transaction behind `db`; rows as arrays. */
export async function arrayRows(db: Executor, text: string, values: unknown[]): Promise<unknown[][]> {
  const session = (db as unknown as { session: { client: unknown } }).session;
  const client = session.client;
  if (session instanceof NodePgSession) {
    const result = await (client as pg.Pool | pg.PoolClient).query({ text, values, rowMode: 'array', types: pgTypes });
    return result.rows as unknown[][];
  }
  const pglite = client as {
    query(text: string, values: unknown[], options: object): Promise<{ rows: unknown[][] }>;
  };
  return (await pglite.query(text, values, { rowMode: 'array', parsers: pgliteParsers })).rows;
}
