import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers/database';
import type { Database } from './client';
import { preparedRead, preparedSql } from './prepared';
import { employees, employers, messages, users } from './schema';

/** The prepared reads (db/prepared.ts) give what Drizzle's own select gives, field for field, on either database. */
describe('prepared reads', () => {
  let database: Database;
  let employerId: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const [employer] = await db
      .insert(employers)
      .values({ companyName: 'Prepared', type: 'premium' })
      .returning({ id: employers.id });
    employerId = (employer as { id: number }).id;
    const made = await db
      .insert(employees)
      .values([
        {
          employerId,
          name: 'Ëmbla',
          salary: 12.5,
          role: 'Punëtor',
          schedule: { monday: { start: '08:00', end: '16:00' } },
        },
        { employerId, name: 'Arta', salary: 1000, wages: 'Muaj', role: 'Mjeshtër', rfid: 'CARD-1', personalId: 'A1' },
      ])
      .returning({ id: employees.id });
    await db.insert(users).values({
      email: 'arta@prepared.test',
      passwordHash: 'x',
      kind: 'worker',
      employerId,
      employeeId: (made[1] as { id: number }).id,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  const columns = {
    id: employees.id,
    name: employees.name,
    salary: employees.salary,
    schedule: employees.schedule,
    rfid: employees.rfid,
    createdAt: employees.createdAt,
    email: users.email,
    lower: sql<string>`lower(${employees.name})`,
  };

  it('maps numbers, JSON, timestamps, left-joined nulls and sql fields as Drizzle does', async () => {
    const { db } = database;
    const read = preparedRead((qb) =>
      qb
        .select(columns)
        .from(employees)
        .leftJoin(users, eq(users.employeeId, employees.id))
        .where(eq(employees.employerId, sql.placeholder('employerId'))),
    );
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    const expected = await db
      .select(columns)
      .from(employees)
      .leftJoin(users, eq(users.employeeId, employees.id))
      .where(eq(employees.employerId, employerId));
    const rows = await read.run(db, { employerId });
    expect(rows.sort(byId)).toEqual(expected.sort(byId));
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    expect(typeof rows[0]?.salary).toBe('number');
  });

  it('runs inside a transaction, takes an id array and refuses a missing value', async () => {
    const { db } = database;
    const names = preparedRead((qb) =>
      qb
        .select({ id: employees.id, name: employees.name })
        .from(employees)
        .where(
          and(
            eq(employees.employerId, sql.placeholder('employerId')),
            sql`${employees.id} = any(${sql.placeholder('ids')})`,
          ),
        ),
    );
    const all = await db.select({ id: employees.id }).from(employees).where(eq(employees.employerId, employerId));
    const ids = all.map((row) => row.id);
    const inTx = await db.transaction((tx) => names.run(tx, { employerId, ids }));
    expect(inTx.map((row) => row.name).sort()).toEqual(['Arta', 'Ëmbla']);
    await expect(names.run(db, { employerId })).rejects.toThrow(/No value for placeholder "ids"/);
  });

  it('runs an sql query built once, its rows as arrays', async () => {
    const { db } = database;
    const count = preparedSql<[number, string | null]>(
      sql`select count(*)::int, max(${messages.content}) from ${messages} where ${messages.employerId} = ${sql.placeholder('employerId')}`,
    );
    expect(await count.run(db, { employerId })).toEqual([[0, null]]);
  });
});
