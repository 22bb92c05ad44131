import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, registerDevice } from '../../../test/helpers/device-factories';
import { addEmployee, createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';

/**
 * The scanned days the database keeps (`scan_days`, migration 0015's triggers) against the days
 * counted from the scans themselves, after every kind of write: batches (with retried sequence
 * numbers), scans of unknown cards given to their holder later, deleted scans, an employee deleted
 * with its scans, and the employer's zone changed. Times fall around midnight and on both 2026 clock
 * changes in Europe/Tirane, where a day's first scan by the clock need not be its earliest.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

async function rows(query: SQL): Promise<Record<string, unknown>[]> {
  return ((await ctx.app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** The kept days of an employer. */
function kept(employerId: number) {
  return rows(sql`
    select employee_id, day::text as day, first_at, last_at, scan_count, summary
    from scan_days where employer_id = ${employerId} order by employee_id, day`);
}

/** The same days counted from the scans, in the employer's zone as it is now. */
function counted(employerId: number) {
  return rows(sql`
    select employee_id, day::text as day, first_at, last_at, scan_count,
      employee_id::text || ',' || to_char(first_at at time zone zone, 'HH24:MI:SS') || ','
        || to_char(last_at at time zone zone, 'HH24:MI:SS') || ',' || scan_count::text as summary
    from (
      select s.employee_id, (s.scanned_at at time zone e.time_zone)::date as day, e.time_zone as zone,
        min(s.scanned_at) as first_at, max(s.scanned_at) as last_at, count(*)::int as scan_count
      from scans s join employers e on e.id = s.employer_id
      where s.employer_id = ${employerId} and s.employee_id is not null
      group by 1, 2, 3
    ) as grouped
    order by employee_id, day`);
}

async function expectKeptAsCounted(employerId: number) {
  const expected = await counted(employerId);
  expect(expected.length).toBeGreaterThan(0);
  expect(await kept(employerId)).toEqual(expected);
}

/** A small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

/** Instants around local midnight and the 2026 clock changes in Europe/Tirane (29 March, 25 October). */
const DAYS = ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26'];
function instant(random: (below: number) => number): string {
  const day = DAYS[random(DAYS.length)];
  // Minutes from 21:00 UTC the evening before to 02:59 UTC the day after: both sides of midnight.
  const minutes = random(30 * 60);
  const at = new Date(Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000 + minutes * 60_000 + random(60) * 1000);
  return at.toISOString();
}

async function insertBatch(
  employerId: number,
  deviceId: number,
  batch: { seq: number; uid: string; employeeId: number | null; at: string }[],
) {
  await ctx.app.db.execute(sql`
    insert into scans (employer_id, device_id, seq, uid, employee_id, scanned_at)
    select ${employerId}, ${deviceId}, b.seq, b.uid, b.employee_id, b.scanned_at
    from unnest(
      ${sql.param(batch.map((scan) => scan.seq))}::bigint[],
      ${sql.param(batch.map((scan) => scan.uid))}::text[],
      ${sql.param(batch.map((scan) => scan.employeeId))}::integer[],
      ${sql.param(batch.map((scan) => scan.at))}::timestamptz[]
    ) as b(seq, uid, employee_id, scanned_at)
    on conflict (device_id, seq) do nothing`);
}

async function workspace() {
  const employer = await createPremiumWorkspace(ctx);
  const device = await registerDevice(ctx, employer.token);
  const [row] = await rows(sql`select id from devices where device_id = ${device.device_id}`);
  const deviceId = Number(row?.id);
  const staff = await Promise.all([1, 2, 3].map(() => addEmployee(ctx, employer.token)));
  return { employerId: employer.employerId, deviceId, ids: staff.map((employee) => employee.id) };
}

describe('the scanned days the database keeps', () => {
  it('match the days counted from the scans after batches, retries, late attribution, deletions and a zone change', async () => {
    const { employerId, deviceId, ids } = await workspace();
    const random = generator(20_261_127);
    let seq = 0;
    const scan = (employeeId: number | null) => ({
      seq: ++seq,
      uid: employeeId === null ? 'UNKNOWN1' : `CARD${employeeId}`,
      employeeId,
      at: instant(random),
    });

    // Batches of known cards, one with a scan of an unknown card, then a batch retried in part.
    for (let batch = 0; batch < 6; batch += 1) {
      const list = Array.from({ length: 40 }, () => scan(ids[random(ids.length)] ?? null));
      list.push(scan(null));
      await insertBatch(employerId, deviceId, list);
    }
    const retried = Array.from({ length: 10 }, (_, i) => ({
      seq: i + 1,
      uid: 'CARDX',
      employeeId: ids[0] ?? null,
      at: '2026-03-28T10:00:00Z',
    }));
    await insertBatch(employerId, deviceId, [...retried, scan(ids[1] ?? null)]);
    await expectKeptAsCounted(employerId);

    // The unknown card's scans are given to its holder (as the card route does).
    await ctx.app.db.execute(
      sql`update scans set employee_id = ${ids[2]} where employer_id = ${employerId} and uid = 'UNKNOWN1'`,
    );
    await expectKeptAsCounted(employerId);

    // Some scans are deleted: a day's earliest, and every scan of another day.
    await ctx.app.db.execute(sql`
      delete from scans where id in (
        select id from scans where employer_id = ${employerId} and employee_id = ${ids[0]}
        order by scanned_at limit 3)`);
    await expectKeptAsCounted(employerId);

    // The zone changes: every day is counted again in the new one.
    await ctx.app.db.execute(sql`update employers set time_zone = 'America/New_York' where id = ${employerId}`);
    await expectKeptAsCounted(employerId);

    // An employee goes, with its scans and its days.
    await ctx.app.db.execute(sql`delete from employees where id = ${ids[1]}`);
    await expectKeptAsCounted(employerId);
    expect(await rows(sql`select 1 from scan_days where employee_id = ${ids[1]}`)).toEqual([]);
  });

  it('match them when batches for the same days, attributions and deletions run at once', async () => {
    // On PostgreSQL each write below takes its own pooled connection, so they race; PGlite runs them in turn.
    const { employerId, deviceId, ids } = await workspace();
    const random = generator(7);
    let seq = 0;
    const batch = () =>
      Array.from({ length: 25 }, () => {
        const employeeId = random(4) === 0 ? null : (ids[random(ids.length)] ?? null);
        return { seq: ++seq, uid: employeeId === null ? 'LATE' : 'CARD', employeeId, at: instant(random) };
      });
    const writes: Promise<unknown>[] = [];
    for (let round = 0; round < 12; round += 1) {
      writes.push(insertBatch(employerId, deviceId, batch()));
      if (round % 4 === 3) {
        writes.push(
          ctx.app.db.execute(
            sql`update scans set employee_id = ${ids[round % ids.length]} where employer_id = ${employerId} and uid = 'LATE' and employee_id is null`,
          ),
          ctx.app.db.execute(sql`
            delete from scans where id in (
              select id from scans where employer_id = ${employerId} and employee_id is not null order by id limit 2)`),
        );
      }
    }
    await Promise.all(writes);
    await expectKeptAsCounted(employerId);
  });

  it("keep one employer's days apart from another's", async () => {
    const first = await workspace();
    const second = await workspace();
    await insertBatch(first.employerId, first.deviceId, [
      { seq: 1, uid: 'A', employeeId: first.ids[0] ?? null, at: '2026-03-28T07:00:00Z' },
    ]);
    await insertBatch(second.employerId, second.deviceId, [
      { seq: 1, uid: 'A', employeeId: second.ids[0] ?? null, at: '2026-03-28T08:00:00Z' },
    ]);
    await ctx.app.db.execute(sql`update employers set time_zone = 'Asia/Tokyo' where id = ${second.employerId}`);
    expect((await kept(first.employerId)).map((day) => day.summary)).toEqual([`${first.ids[0]},08:00:00,08:00:00,1`]);
    expect((await kept(second.employerId)).map((day) => day.summary)).toEqual([`${second.ids[0]},17:00:00,17:00:00,1`]);
  });
});
