import type { TPayRow } from '@puna/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
let employer: Awaited<ReturnType<typeof createWorkspace>>;
let other: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  employer = await createWorkspace(ctx);
  other = await createWorkspace(ctx);
  const ana = await addEmployee(ctx, employer.token, { name: 'Ana "A" Kola', wages: 'Orë', salary: '3,5' });
  const evil = await addEmployee(ctx, employer.token, { name: '=HYPERLINK("http://evil")', wages: 'Ditë', salary: 20 });
  await addHours(ctx, employer.token, [
    { worker_id: ana.id, data: '2025-03-03', ora: 8 },
    { worker_id: ana.id, data: '2025-03-04', ora: 7.5 },
    { worker_id: evil.id, data: '2025-03-03', ora: 4 },
    { worker_id: ana.id, data: '2025-04-01', ora: 8 },
  ]);
  const stranger = await addEmployee(ctx, other.token, { name: 'Stranger' });
  await addHours(ctx, other.token, [{ worker_id: stranger.id, data: '2025-03-03', ora: 8 }]);
});
afterAll(async () => ctx?.close());

async function download(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${employer.token}` } });
}

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('hours export', () => {
  it('downloads a month of hours as CSV for a Kosovo or Albania spreadsheet: a period line, ; between fields, decimal commas, a totals row', async () => {
    const res = await download('/krye/export/hours?month=2025-03&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="puna-ore-2025-03.csv"');
    expect(res.body).toBe(
      [
        '\uFEFF"Periudha";"01.03.2025–31.03.2025"',
        '"Emri";"Data";"Dita";"Orë"',
        `"'=HYPERLINK(""http://evil"")";"2025-03-03";"E Hënë";4`,
        '"Ana ""A"" Kola";"2025-03-03";"E Hënë";8',
        '"Ana ""A"" Kola";"2025-03-04";"E Martë";7,5',
        '"Gjithsej";;;19,5',
        '',
      ].join('\r\n'),
    );
  });

  it('writes the same CSV with , and decimal points for ?locale=en', async () => {
    const res = await download('/krye/export/hours?month=2025-03&format=csv&locale=en');
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n').slice(4, 6)).toEqual([
      '"Ana ""A"" Kola","2025-03-04","E Martë",7.5',
      '"Gjithsej",,,19.5',
    ]);
  });

  it('defaults to CSV', async () => {
    const res = await download('/krye/export/hours?month=2025-04');
    expect(res.headers['content-disposition']).toBe('attachment; filename="puna-ore-2025-04.csv"');
  });

  it('downloads the same rows as XLSX', async () => {
    const res = await download('/krye/export/hours?month=2025-03&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="puna-ore-2025-03.xlsx"');
    expect(await readXlsx(res.rawPayload)).toEqual([
      ['Emri', 'Data', 'Dita', 'Orë'],
      ['=HYPERLINK("http://evil")', '2025-03-03', 'E Hënë', 4],
      ['Ana "A" Kola', '2025-03-03', 'E Hënë', 8],
      ['Ana "A" Kola', '2025-03-04', 'E Martë', 7.5],
      ['Gjithsej', '', '', 19.5],
    ]);
  });
});

describe('pay export', () => {
  it('downloads the pay summary with the figures of GET /krye/pay', async () => {
    const pay = resultOf<TPayRow[]>(await call(ctx, employer.token, 'GET', '/krye/pay?month=2025-03'));
    const res = await download('/krye/export/pay?month=2025-03&format=xlsx');
    expect(res.headers['content-disposition']).toBe('attachment; filename="puna-rroga-2025-03.xlsx"');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      'Emri',
      'Roli',
      'Lloji i pagës',
      'Paga',
      'Orë gjithsej',
      'Ditë të numëruara',
      'Ditë pune',
      'Rroga neto (€)',
      'Rroga bruto (€)',
    ]);
    expect(rows.slice(1, -1)).toEqual(
      pay.map((row) => [
        row.name,
        row.role,
        row.wages,
        row.salary,
        row.totalHours,
        row.countedDays,
        row.workingDays,
        row.pay,
        row.gross,
      ]),
    );
    expect(rows[2]).toEqual(['Ana "A" Kola', 'Punëtor', 'Orë', 3.5, 15.5, 2, 26, 54.25, 61.03]);
    const sum = (pick: (row: TPayRow) => number) =>
      Math.round(pay.reduce((total, row) => total + pick(row) * 100, 0)) / 100;
    expect(rows.at(-1)).toEqual([
      'Gjithsej',
      '',
      '',
      '',
      sum((row) => row.totalHours),
      sum((row) => row.countedDays),
      '',
      sum((row) => row.pay),
      sum((row) => row.gross),
    ]);
  });

  it('downloads it as CSV too, money with two decimals', async () => {
    const res = await download('/krye/export/pay?month=2025-03&format=csv');
    expect(res.body.split('\r\n')[3]).toBe('"Ana ""A"" Kola";"Punëtor";"Orë";3,50;15,5;2;26;54,25;61,03');
  });
});

describe('export refusals', () => {
  it.each([
    ['/krye/export/hours?format=pdf', "format must be 'csv' or 'xlsx'."],
    ['/krye/export/pay?month=2025-13', 'Month must be written YYYY-MM (for example 2025-03).'],
    [
      '/krye/export/pay?month=2025-03&locale=de',
      "locale must be 'sq' (1.234,56 with ; between fields) or 'en' (1,234.56 with ,).",
    ],
  ])('refuses %s with 400', async (url, message) => {
    const res = await download(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: message });
  });

  it('refuses workers and anonymous callers', async () => {
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/export/hours')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/export/pay')).statusCode).toBe(401);
  });

  it('never includes another employer’s rows', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/krye/export/hours?month=2025-03',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(res.body).toContain('Stranger');
    expect(res.body).not.toContain('Ana');
  });
});
