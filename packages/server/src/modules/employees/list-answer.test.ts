import { compareNames, emptySchedule, type TSchedule, ZEmployeeListResponse } from '@puna/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  setWorkerLimit,
} from '../../../test/helpers/workspace-factories';
import { compileSchema } from '../../lib/serializers';
import { scheduleAnswerText } from './list-answer';
import { ListCache } from './list-cache';
import { employeeListBody, listEmployeesOf } from './service';

/**
 * The employee list written by the database (issue 37): byte for byte what the route's serializer
 * writes from the rows read and parsed the old way, for names that need escaping, salaries with and
 * without decimals up to the largest, every nullable field set and not, and each schedule shape.
 */
const day = (startTime: string, endTime: string) => ({ selected: true, startTime, endTime });
const nightsAndSaturday: TSchedule = {
  ...emptySchedule(),
  monday: day('22:00', '06:00'),
  tuesday: day('07:15', '15:45'),
  saturday: day('00:00', '23:45'),
};

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createWorkspace>>;
const write = compileSchema(ZEmployeeListResponse);

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  owner = await createWorkspace(ctx, 'Lista e shkruar shpk');
  await setWorkerLimit(ctx, owner.employerId, 100);
});
afterAll(async () => ctx?.close());

/** The list's answer as text (kept in memory or read), or null when it goes the old way. */
async function employeeListText(db: TestContext['database']['db'], employerId: number): Promise<string | null> {
  return (await employeeListBody(db, employerId))?.toString() ?? null;
}

/** The old read's answer: the rows parsed by `listEmployees`' read, through the route's compiled serializer. */
async function oldAnswer(): Promise<string> {
  const rows = await listEmployeesOf(ctx.database.db, owner.employerId);
  if (!write) throw new Error('the employee list schema no longer compiles');
  return write({ Status: true, Result: rows.map(({ startDate: _s, endDate: _e, ...employee }) => employee) });
}

describe('the employee list written by the database', () => {
  it('is byte-identical to the serialized rows, sorted the Albanian way', async () => {
    const names = ['Zana', 'Çela "Nano"', 'celiku', 'Punëtor 10', 'Punëtor 2', 'Ëndrit', 'Elona', 'Back\\slash'];
    const salaries = [0, 4.5, 1234.56, 9_999_999_999.99, 10, 0.01, '450,5', 7];
    for (const [i, name] of names.entries()) {
      await addEmployee(ctx, owner.token, {
        name,
        salary: salaries[i],
        schedule: i % 3 === 0 ? nightsAndSaturday : i % 3 === 1 ? JSON.stringify(emptySchedule()) : undefined,
        ...(i === 1
          ? { personal_id: 'k12345678a', rfid: 'CARD-77', start_date: '2024-02-29', end_date: '2099-12-31' }
          : {}),
      });
    }
    await createWorker(ctx, owner.token, { name: 'Dhurata me hyrje' });
    // What the form cannot send but a stored name may hold: control characters, U+2028, an emoji.
    const odd = await addEmployee(ctx, owner.token, { name: 'Teuta' });
    await ctx.database.db.execute(
      sql`update employees set name = ${'Teuta\t\n\u0001\u001f\u007f\u2028 😀 /'} where id = ${odd.id}`,
    );

    const text = await employeeListText(ctx.database.db, owner.employerId);
    expect(text).not.toBeNull();
    expect(text).toBe(await oldAnswer());
    const list = await call(ctx, owner.token, 'GET', '/krye/employee');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.body).toBe(text);

    const result = JSON.parse(list.body).Result as { id: number; name: string; salary: number }[];
    expect(result).toHaveLength(names.length + 2);
    const sorted = [...result].sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
    expect(result.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    expect(result.map((e) => e.name).indexOf('Punëtor 2')).toBeLessThan(
      result.map((e) => e.name).indexOf('Punëtor 10'),
    );
    expect(result.find((e) => e.name === 'Zana')?.salary).toBe(0);
    expect(list.body).toContain('"salary":9999999999.99,');
    expect(list.body).toContain('"salary":450.5,');
    expect(list.body).toContain('"monday":{"selected":true,"startTime":"22:00","endTime":"06:00"}');
    expect(list.body).toContain('"name":"Teuta\\t\\n\\u0001\\u001f\u007f\u2028 😀 /"');
  });

  it('leaves a schedule in an older shape to the old read, with the same answer', async () => {
    const employee = await addEmployee(ctx, owner.token, { name: 'Orari i vjetër' });
    await ctx.database.db.execute(
      sql`update employees set schedule = ${JSON.stringify({ monday: { selected: true, startTime: '09:00', endTime: '17:00' } })}::jsonb where id = ${employee.id}`,
    );
    expect(await employeeListText(ctx.database.db, owner.employerId)).toBeNull();
    const list = await call(ctx, owner.token, 'GET', '/krye/employee');
    expect(list.statusCode).toBe(200);
    expect(list.body).toBe(await oldAnswer());
    expect(list.body).toContain('"tuesday":{"selected":false,"startTime":"","endTime":""}');
  });

  it('rewrites only the normalised shape, as jsonb writes it', async () => {
    const stored = async (value: unknown) => {
      const rows = await ctx.database.db.execute(sql`select ${JSON.stringify(value)}::jsonb::text as text`);
      return (rows.rows as { text: string }[])[0]?.text ?? null;
    };
    expect(scheduleAnswerText(null)).toBe('null');
    expect(scheduleAnswerText(await stored(nightsAndSaturday))).toBe(JSON.stringify(nightsAndSaturday));
    expect(scheduleAnswerText(await stored(emptySchedule()))).toBe(JSON.stringify(emptySchedule()));
    // What readNormalSchedule does not read, or reads otherwise (a key more in a day, which it drops): the old read.
    const others = [
      { ...nightsAndSaturday, monday: day('09:00', '09:00') },
      { ...nightsAndSaturday, monday: day('09:10', '17:00') },
      { ...nightsAndSaturday, monday: day('', '17:00') },
      { ...nightsAndSaturday, sunday: { selected: false, startTime: '08:00', endTime: '' } },
      { ...nightsAndSaturday, sunday: { selected: 'false', startTime: '', endTime: '' } },
      { ...nightsAndSaturday, sunday: { selected: false, startTime: '', endTime: '', note: 'x' } },
      { ...nightsAndSaturday, funday: day('09:00', '17:00') },
      { monday: day('09:00', '17:00') },
      {},
      JSON.stringify(nightsAndSaturday),
    ];
    for (const other of others) expect(scheduleAnswerText(await stored(other))).toBeNull();
  });
});

describe('the employee list kept in memory (list-cache.ts)', () => {
  const listed = async () => {
    const list = await call(ctx, owner.token, 'GET', '/krye/employee');
    expect(list.statusCode).toBe(200);
    // Under test the route also checks its answer against the old read, byte for byte.
    expect(list.body).toBe(await oldAnswer());
    return list.body;
  };
  const body = () => employeeListBody(ctx.database.db, owner.employerId);

  it('answers the kept bytes until the employees or their logins change, by any writer', async () => {
    await ctx.database.db.execute(sql`update employees set schedule = ${JSON.stringify(emptySchedule())}::jsonb
      where employer_id = ${owner.employerId}`);
    const first = await body();
    expect(first).not.toBeNull();
    expect(await body()).toBe(first);
    await listed();
    expect(await body()).toBe(first);

    // Each write below is the only change, and each is seen at once.
    const writes = [
      () => addEmployee(ctx, owner.token, { name: 'E re' }),
      () => ctx.database.db.execute(sql`update employees set name = 'Emri i ri' where name = 'E re'`),
      () =>
        ctx.database.db.execute(sql`update users set email = 'tjeter@example.test'
          where employee_id = (select id from employees where name = 'Dhurata me hyrje')`),
      () => ctx.database.db.execute(sql`delete from users where email = 'tjeter@example.test'`),
      () =>
        ctx.database.db.execute(sql`update employees set end_date = (now() at time zone 'Europe/Belgrade')::date - 1
          where name = 'Emri i ri'`),
      () => ctx.database.db.execute(sql`delete from employees where name = 'Zana'`),
    ];
    let before = await listed();
    for (const write of writes) {
      const kept = await body();
      await write();
      expect(await body()).not.toBe(kept);
      const after = await listed();
      expect(after).not.toBe(before);
      before = after;
    }
  });

  it("is not kept across a change of the date in the employer's zone, which no employee write marks", async () => {
    // 25 hours apart, so "today" always differs: an end date of today in Kiritimati is tomorrow in Pago Pago.
    const zone = (name: string) =>
      ctx.database.db.execute(sql`update employers set time_zone = ${name} where id = ${owner.employerId}`);
    await zone('Pacific/Pago_Pago');
    await ctx.database.db.execute(sql`update employees set end_date = (now() at time zone 'Pacific/Kiritimati')::date
      where name = 'Elona'`);
    const stillThere = await listed();
    expect(stillThere).toContain('"name":"Elona"');
    await zone('Pacific/Kiritimati');
    const gone = await listed();
    expect(gone).not.toContain('"name":"Elona"');
    await zone('Europe/Belgrade');
  });

  it('keeps at most its bytes, the least recently used answer dropped first', () => {
    const cache = new ListCache(10);
    const bytes = (n: number) => Buffer.alloc(n, 'x');
    cache.set(1, { version: '1', today: 'd', body: bytes(4) });
    cache.set(2, { version: '1', today: 'd', body: bytes(4) });
    expect(cache.get(1, '1', 'd')?.length).toBe(4);
    cache.set(3, { version: '1', today: 'd', body: bytes(4) });
    expect(cache.get(2, '1', 'd')).toBeUndefined();
    expect(cache.get(1, '1', 'd')).toBeDefined();
    expect(cache.get(1, '2', 'd')).toBeUndefined();
    expect(cache.get(1, '1', 'e')).toBeUndefined();
    expect(cache.size).toBe(8);
    cache.set(4, { version: '1', today: 'd', body: bytes(11) });
    expect(cache.get(4, '1', 'd')).toBeUndefined();
    expect(cache.size).toBe(8);
  });
});
