import type { THolidaysResponse } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { call, createWorker, createWorkspace, createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';
import { companyHolidays } from '../../db/schema';
import { setJurisdiction } from '../employer-settings/service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

async function calendarOf(token: string, year: number): Promise<THolidaysResponse> {
  const res = await call(ctx, token, 'GET', `/krye/holidays?year=${year}`);
  expect(res.statusCode).toBe(200);
  return res.json<THolidaysResponse>();
}

const storedDaysOf = (employerId: number) =>
  ctx.database.db.select().from(companyHolidays).where(eq(companyHolidays.employerId, employerId));

describe('GET /krye/holidays', () => {
  it("lists a new employer's Kosovo holidays for the year, with the weekend day off moved", async () => {
    const employer = await createWorkspace(ctx);
    const calendar = await calendarOf(employer.token, 2026);
    expect(calendar.jurisdiction).toBe('XK');
    expect(calendar.year).toBe(2026);
    expect(calendar.unknown).toEqual([]);
    expect(calendar.holidays.filter((day) => day.dayOff).map((day) => day.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-07',
      '2026-02-17',
      '2026-03-20',
      '2026-04-06',
      '2026-04-09',
      '2026-04-13',
      '2026-05-01',
      '2026-05-11',
      '2026-05-27',
      '2026-12-25',
    ]);
    expect(calendar.holidays.find((day) => day.date === '2026-05-09')).toEqual({
      date: '2026-05-09',
      name: 'Dita e Evropës',
      kind: 'official',
      dayOff: false,
    });
  });

  it("lists Albania's holidays for an Albanian employer", async () => {
    const employer = await createWorkspace(ctx);
    await setJurisdiction(ctx.database.db, employer.employerId, 'AL');
    const calendar = await calendarOf(employer.token, 2026);
    expect(calendar.jurisdiction).toBe('AL');
    expect(calendar.holidays.some((day) => day.name === 'Dita e Alfabetit')).toBe(true);
    expect(calendar.holidays.find((day) => day.movedFrom === '2026-11-29')?.date).toBe('2026-12-01');
  });

  it('says which holidays of a year have no published date yet', async () => {
    const employer = await createWorkspace(ctx);
    const calendar = await calendarOf(employer.token, 2028);
    expect(calendar.unknown.map((day) => day.name)).toEqual([
      'Bajrami i Madh, dita e parë',
      'Bajrami i Vogël, dita e parë',
    ]);
  });

  it('shows the current year when none is asked for', async () => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'GET', '/krye/holidays');
    expect(res.statusCode).toBe(200);
    expect(res.json<THolidaysResponse>().year).toBe(new Date().getUTCFullYear());
  });

  it.each([['abc'], ['26'], ['1899'], ['2201'], ['2026.5']])('refuses ?year=%s with 400', async (year) => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'GET', `/krye/holidays?year=${year}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      Status: false,
      Error: 'year must be a year from 1900 to 2200, written YYYY.',
      code: 'yearInvalid',
    });
  });

  it('refuses a worker and an anonymous caller', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/holidays?year=2026')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/holidays?year=2026')).statusCode).toBe(401);
  });
});

describe('company days', () => {
  it('adds a company day that the calendar then lists, and deletes it', async () => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'POST', '/krye/holidays', {
      date: '2026-08-14',
      name: '  Dita e firmës ',
    });
    expect(res.statusCode).toBe(201);
    const { holiday } = res.json<{ holiday: { id: number } }>();
    expect(holiday).toEqual({
      id: holiday.id,
      date: '2026-08-14',
      name: 'Dita e firmës',
      kind: 'company',
      dayOff: true,
    });
    const calendar = await calendarOf(employer.token, 2026);
    expect(calendar.holidays.filter((day) => day.kind === 'company')).toEqual([holiday]);
    expect((await calendarOf(employer.token, 2027)).holidays.some((day) => day.kind === 'company')).toBe(false);

    const deleted = await call(ctx, employer.token, 'DELETE', `/krye/holidays/${holiday.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ Status: true });
    expect(await storedDaysOf(employer.employerId)).toEqual([]);
  });

  it('lists a company day on an official holiday after the official one', async () => {
    const employer = await createWorkspace(ctx);
    await call(ctx, employer.token, 'POST', '/krye/holidays', { date: '2026-01-02', name: 'Pushim i zgjatur' });
    const onTheDay = (await calendarOf(employer.token, 2026)).holidays.filter((day) => day.date === '2026-01-02');
    expect(onTheDay.map((day) => day.kind)).toEqual(['official', 'company']);
  });

  it.each([
    ['a date that does not exist', { date: '2026-02-30', name: 'X' }, 400, 'dateInvalid'],
    ['no date', { name: 'X' }, 400, 'dateRequired'],
    ['a blank name', { date: '2026-08-14', name: '   ' }, 400, 'nameRequired'],
    ['a name of 81 characters', { date: '2026-08-14', name: 'x'.repeat(81) }, 400, 'nameTooLong'],
  ])('refuses %s and stores nothing', async (_name, body, status, code) => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'POST', '/krye/holidays', body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ Status: false, code });
    expect(await storedDaysOf(employer.employerId)).toEqual([]);
  });

  it('refuses a second company day on the same date with 409', async () => {
    const employer = await createWorkspace(ctx);
    await call(ctx, employer.token, 'POST', '/krye/holidays', { date: '2026-08-14', name: 'A' });
    const res = await call(ctx, employer.token, 'POST', '/krye/holidays', { date: '2026-08-14', name: 'B' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'The company already has a day off on this date.',
      code: 'holidayExists',
    });
    expect((await storedDaysOf(employer.employerId)).map((day) => day.name)).toEqual(['A']);
  });

  it("keeps each employer's days to itself: another employer's id answers 404 and deletes nothing", async () => {
    const owner = await createWorkspace(ctx);
    const outsider = await createWorkspace(ctx);
    const created = await call(ctx, owner.token, 'POST', '/krye/holidays', { date: '2026-08-14', name: 'A' });
    const { id } = created.json<{ holiday: { id: number } }>().holiday;
    expect((await calendarOf(outsider.token, 2026)).holidays.some((day) => day.kind === 'company')).toBe(false);
    const res = await call(ctx, outsider.token, 'DELETE', `/krye/holidays/${id}`);
    expect(res.statusCode).toBe(404);
    expect(await storedDaysOf(owner.employerId)).toHaveLength(1);
    // The same date is free for the other employer.
    expect(
      (await call(ctx, outsider.token, 'POST', '/krye/holidays', { date: '2026-08-14', name: 'A' })).statusCode,
    ).toBe(201);
  });

  it('refuses a worker, and an id that is not a number', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const res = await call(ctx, worker.token, 'POST', '/krye/holidays', { date: '2026-08-14', name: 'A' });
    expect(res.statusCode).toBe(403);
    expect(await storedDaysOf(employer.employerId)).toEqual([]);
    const bad = await call(ctx, employer.token, 'DELETE', '/krye/holidays/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false, code: 'idInvalid' });
  });
});
