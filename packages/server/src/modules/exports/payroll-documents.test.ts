import { formatHours, formatNumber, type TPayrollWorker } from '@puna/domain';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  statementOf,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The text of every page of a PDF, as a reader's copy would give it. */
async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const KOSOVO_HEADER = [
  'Emri',
  'Numri personal',
  'Orë',
  'Paga bazë (€)',
  'Festat e paguara (€)',
  'Ditë pushimi të paguara',
  'Pushimi i paguar (€)',
  'Ditë pushimi pa pagesë',
  'Orë përtej pagës bazë (€)',
  'Orë shtesë mbi normën ditore (€)',
  'Orë shtesë mbi normën javore (€)',
  'Orë shtesë në ditë pushimi ose feste (€)',
  'Punë në festë zyrtare (€)',
  'Punë në ditën e pushimit javor (€)',
  'Punë natën (€)',
  'Paga bruto (€)',
  'Kontributi pensional i punëtorit (€)',
  'Baza e tatueshme (€)',
  'Tatimi në pagë (€)',
  'Paga neto (€)',
  'Kontributi pensional i punëdhënësit (€)',
  'Kostoja e punëdhënësit (€)',
];

/** A statement row as the payroll list's cells (one contribution: no split columns), in the major unit. */
function listRow(worker: TPayrollWorker, personalId: string): (string | number)[] {
  const premium = (kind: string) =>
    Math.round(worker.premiums.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amount * 100, 0)) /
    100;
  const extra = (worker as { extra_hours_pay?: { amount: number } }).extra_hours_pay?.amount ?? 0;
  return [
    worker.name,
    personalId,
    worker.hours,
    worker.base_pay,
    worker.paid_holidays.amount,
    worker.paid_leave?.days ?? 0,
    worker.paid_leave?.amount ?? 0,
    worker.unpaid_leave_days ?? 0,
    extra,
    ...['overtimeDaily', 'overtimeWeekly', 'overtimeRestDayOrHoliday', 'holiday', 'restDay', 'night'].map(premium),
    worker.gross,
    worker.employee_contributions,
    Math.round((worker.gross - worker.employee_contributions) * 100) / 100,
    worker.income_tax,
    worker.net,
    worker.employer_contributions,
    worker.employer_cost,
  ];
}

/** The same cells as the sq CSV writes them: money with two decimals, hours and days plain. */
function csvLine(cells: (string | number)[]): string {
  return cells
    .map((cell, index) => {
      if (typeof cell === 'string') return `"${cell.startsWith('=') ? `'${cell}` : cell}"`;
      const plain = index === 2 || index === 5 || index === 7;
      return plain ? formatHours(cell) : formatNumber(cell);
    })
    .join(';');
}

/** A Kosovo employer with the rules on: Ardi (hourly, a personal number, overtime and a Sunday), Besa (no number, every tax band). */
async function kosovoTeam() {
  const employer = await createWorkspace(ctx, { companyName: 'Ndërtimi Çeliku', labourRules: 'XK' });
  const ardi = await addEmployee(ctx, employer.token, {
    name: 'Ardi Krasniqi',
    wages: 'Orë',
    salary: 5,
    personal_id: ' 1234567890 ',
  });
  const besa = await addEmployee(ctx, employer.token, { name: '=Besa+1', wages: 'Orë', salary: 20 });
  await addHours(ctx, employer.token, [
    { worker_id: ardi.id, data: '2026-03-02', ora: 10 },
    { worker_id: ardi.id, data: '2026-03-08', ora: 4 },
    ...['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((day) => ({
      worker_id: besa.id,
      data: `2026-03-${day}`,
      ora: 8,
    })),
  ]);
  return { employer, ardi, besa };
}

describe('GET /krye/export/payroll', () => {
  it('answers one CSV row per worker with the statement figures, Albanian headers and formula-safe names', async () => {
    const { employer, ardi, besa } = await kosovoTeam();
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const res = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="puna-lista-e-pagave-2026-03.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Periudha";"01.03.2026–31.03.2026"');
    expect(lines[1]).toBe(KOSOVO_HEADER.map((header) => `"${header}"`).join(';'));
    const row = (id: number) => {
      const found = statement.workers.find((worker) => worker.employee_id === id);
      if (!found) throw new Error(`no row for ${id}`);
      return found;
    };
    // In the statement's order (by name, "=" first). Besa's name starts with "=": written with a
    // leading apostrophe, never as a formula.
    expect(lines.slice(2, 4)).toEqual([
      csvLine(listRow(row(besa.id), '')),
      csvLine(listRow(row(ardi.id), '1234567890')),
    ]);
    expect(lines[2]).toMatch(/^"'=Besa\+1";"";80;/);
    expect(lines[4]).toMatch(/^"Gjithsej";;94;/);
    expect(lines[5]).toBe('');
  });

  it('answers the same rows as XLSX, numbers as numbers, with a totals row', async () => {
    const { employer, ardi, besa } = await kosovoTeam();
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const res = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="puna-lista-e-pagave-2026-03.xlsx"');
    const rows = await readXlsx(res.rawPayload);
    const row = (id: number) => statement.workers.find((worker) => worker.employee_id === id) as TPayrollWorker;
    expect(rows.slice(0, 3)).toEqual([KOSOVO_HEADER, listRow(row(besa.id), ''), listRow(row(ardi.id), '1234567890')]);
    const totals = rows[3] ?? [];
    expect(totals[0]).toBe('Gjithsej');
    expect(totals[KOSOVO_HEADER.indexOf('Paga bruto (€)')]).toBe(statement.totals.gross);
    expect(totals[KOSOVO_HEADER.indexOf('Paga neto (€)')]).toBe(statement.totals.net);
    expect(totals[KOSOVO_HEADER.indexOf('Kostoja e punëdhënësit (€)')]).toBe(statement.totals.employer_cost);
  });

  it("exports a closed month's snapshot, not the figures after a salary change", async () => {
    const { employer, ardi } = await kosovoTeam();
    expect((await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close')).statusCode).toBe(200);
    const before = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03');
    const edit = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ardi.id}`, {
      name: 'Ardi Krasniqi',
      salary: 50,
      wages: 'Orë',
      role: 'Punëtor',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03');
    expect(res.body.split('\r\n')[3]).toMatch(/^"Ardi Krasniqi";"1234567890";14;/);
    expect(res.body).toBe(before.body);
  });

  it("names Albania's contributions and tax, in lek, with social and health apart", async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'AL' });
    const gent = await addEmployee(ctx, employer.token, { name: 'Gent', wages: 'Orë', salary: 1000 });
    await addHours(ctx, employer.token, [{ worker_id: gent.id, data: '2026-03-03', ora: 8 }]);
    const [statementRow] = (await statementOf(ctx, employer.token, '2026-03')).workers;
    const res = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03&format=xlsx');
    const [header = [], row = []] = await readXlsx(res.rawPayload);
    expect(header).toEqual(
      expect.arrayContaining([
        'Paga bruto (lekë)',
        'Sigurime shoqërore – punëmarrësi (lekë)',
        'Sigurime shëndetësore – punëmarrësi (lekë)',
        'Sigurimet shoqërore dhe shëndetësore të punëmarrësit (lekë)',
        'Tatimi mbi të ardhurat personale (lekë)',
        'Sigurimet shoqërore dhe shëndetësore të punëdhënësit (lekë)',
      ]),
    );
    const at = (name: string) => row[header.indexOf(name)];
    expect(row.slice(0, 4)).toEqual(['Gent', '', 8, 8000]);
    expect(at('Paga bruto (lekë)')).toBe(statementRow?.gross);
    expect(at('Sigurimet shoqërore dhe shëndetësore të punëmarrësit (lekë)')).toBe(
      statementRow?.employee_contributions,
    );
    expect(at('Tatimi mbi të ardhurat personale (lekë)')).toBe(statementRow?.income_tax);
    expect(at('Paga neto (lekë)')).toBe(statementRow?.net);
    expect(at('Kostoja e punëdhënësit (lekë)')).toBe(statementRow?.employer_cost);
  });

  it.each([
    ['an unknown format', '/krye/export/payroll?month=2026-03&format=pdf', 400, 'exportFormatInvalid'],
    ['an impossible month', '/krye/export/payroll?month=2026-13', 400, 'monthInvalid'],
    ['an unknown field', '/krye/export/payroll?month=2026-03&employer_id=1', 400, undefined],
  ])('refuses %s with 400', async (_name, url, status, code) => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const res = await call(ctx, employer.token, 'GET', url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ Status: false, ...(code ? { code } : {}) });
  });

  it('answers 409 with a sentence while the rules are off', async () => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ Status: false, code: 'labourRulesOff' });
  });

  it('refuses a worker and an anonymous caller, and another employer gets only its own rows', async () => {
    const { employer } = await kosovoTeam();
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/export/payroll?month=2026-03')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/export/payroll?month=2026-03')).statusCode).toBe(401);
    const other = await createWorkspace(ctx, { labourRules: 'XK' });
    const res = await call(ctx, other.token, 'GET', '/krye/export/payroll?month=2026-03');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Ardi');
    // The period line, the header and the totals row: no worker's row.
    expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(3);
  });
});

describe('payslips', () => {
  it("gives the employer a worker's Albanian payslip with its figures, labels and the rule set", async () => {
    const { employer, ardi } = await kosovoTeam();
    expect((await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close')).statusCode).toBe(200);
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const row = statement.workers.find((worker) => worker.employee_id === ardi.id);
    if (!row) throw new Error('Ardi has no statement row');
    const [year, monthOf, day] = statement.rule_set.effective_from.split('-');
    const euros = (value: number | undefined) => `${formatNumber(value ?? Number.NaN)} €`;
    const premium = (kind: string) => row.premiums.find((line) => line.kind === kind)?.amount;
    const res = await call(ctx, employer.token, 'GET', `/krye/payslip/${ardi.id}?month=2026-03`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="puna-fletepagesa-Ardi-Krasniqi-2026-03.pdf"; filename*=UTF-8''puna-flet%C3%ABpagesa-Ardi-Krasniqi-2026-03.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Fletëpagesa',
      'Mars 2026',
      'Ndërtimi Çeliku',
      'Ardi Krasniqi',
      '1234567890',
      'Paga bazë',
      euros(row.base_pay),
      'Orë shtesë mbi normën ditore',
      '+30 %',
      euros(premium('overtimeDaily')),
      'Punë në ditën e pushimit javor',
      euros(premium('restDay')),
      'Paga bruto',
      euros(row.gross),
      'Kontributi pensional i punëtorit',
      euros(row.employee_contributions),
      'Tatimi në pagë',
      'Paga neto',
      euros(row.net),
      'Kostoja gjithsej e punëdhënësit',
      euros(row.employer_cost),
      `${day}.${monthOf}.${year}`,
      statement.rule_set.id,
      'duhet të konfirmohen nga një kontabilist',
      'Muaji u mbyll më',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('marks a payslip of an open month as provisional, and writes names with Č, Ć and Đ', async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const dorde = await addEmployee(ctx, employer.token, { name: 'Đorđe Čolić', wages: 'Ditë', salary: 40 });
    await addHours(ctx, employer.token, [{ worker_id: dorde.id, data: '2026-03-03', ora: 8 }]);
    const res = await call(ctx, employer.token, 'GET', `/krye/payslip/${dorde.id}?month=2026-03`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Đorđe Čolić');
    expect(text).toContain('Paraprake: muaji nuk është mbyllur');
    expect(text).toContain('Numri personal');
  });

  it("writes Albania's contributions and tax in lek", async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'AL' });
    const gent = await addEmployee(ctx, employer.token, { name: 'Gent Hoxha', wages: 'Orë', salary: 1000 });
    await addHours(ctx, employer.token, [{ worker_id: gent.id, data: '2026-03-03', ora: 8 }]);
    const res = await call(ctx, employer.token, 'GET', `/krye/payslip/${gent.id}?month=2026-03`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('8.000,00 lekë');
    expect(text).toContain('Sigurimet shoqërore dhe shëndetësore të punëmarrësit');
    expect(text).toContain('Tatimi mbi të ardhurat personale');
    expect(text).toContain('Shqipëri');
    // 8,000 lek is under the minimum contribution base: the payslip says so.
    expect(text).toContain('Shënime');
    expect(text).toContain('Kontributet janë llogaritur mbi bazën minimale');
  });

  it("answers 404 for another employer's worker or one that does not exist, 400 for a bad id or month", async () => {
    const { employer } = await kosovoTeam();
    const other = await createWorkspace(ctx, { labourRules: 'XK' });
    const stranger = await addEmployee(ctx, other.token, { name: 'Stranger' });
    const foreign = await call(ctx, employer.token, 'GET', `/krye/payslip/${stranger.id}?month=2026-03`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ Status: false, code: 'employeeNotFound' });
    expect((await call(ctx, employer.token, 'GET', '/krye/payslip/2147483647?month=2026-03')).statusCode).toBe(404);
    const badId = await call(ctx, employer.token, 'GET', '/krye/payslip/abc?month=2026-03');
    expect(badId.statusCode).toBe(400);
    const badMonth = await call(ctx, employer.token, 'GET', `/krye/payslip/${stranger.id}?month=2026-3`);
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json()).toMatchObject({ code: 'monthInvalid' });
  });

  it('answers 404 with a sentence for a worker who is not in a closed month', async () => {
    const { employer } = await kosovoTeam();
    expect((await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close')).statusCode).toBe(200);
    const late = await addEmployee(ctx, employer.token, { name: 'Late' });
    const res = await call(ctx, employer.token, 'GET', `/krye/payslip/${late.id}?month=2026-03`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ Status: false, code: 'payslipWorkerMissing' });
  });

  it('lets a worker download its own payslip only once the month is closed', async () => {
    const employer = await createWorkspace(ctx, { companyName: 'Furra Çeta', labourRules: 'XK' });
    const worker = await createWorker(ctx, employer.token, { name: 'Vesa Berisha', wages: 'Orë', salary: 6 });
    const colleague = await addEmployee(ctx, employer.token, { name: 'Kolegu Sekret', wages: 'Orë', salary: 9 });
    await addHours(ctx, employer.token, [
      { worker_id: worker.employee.id, data: '2026-03-03', ora: 8 },
      { worker_id: colleague.id, data: '2026-03-03', ora: 8 },
    ]);
    const open = await call(ctx, worker.token, 'GET', '/krye/worker/me/payslip?month=2026-03');
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ Status: false, code: 'payslipMonthOpen' });
    expect(open.json().Error).toContain('closes the month');

    expect((await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close')).statusCode).toBe(200);
    const res = await call(ctx, worker.token, 'GET', '/krye/worker/me/payslip?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Vesa Berisha');
    expect(text).toContain('Furra Çeta');
    expect(text).toContain('Paga neto');
    const own = (await statementOf(ctx, employer.token, '2026-03')).workers.find(
      (row) => row.employee_id === worker.employee.id,
    );
    expect(text).toContain(`${formatNumber(own?.net ?? Number.NaN)} €`);
    expect(text).not.toContain('Kolegu Sekret');
  });

  it('refuses the worker route to an employer and an anonymous caller, and the employer route to a worker', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, employer.token, 'GET', '/krye/worker/me/payslip?month=2026-03')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/worker/me/payslip?month=2026-03')).statusCode).toBe(401);
    const own = await call(ctx, worker.token, 'GET', `/krye/payslip/${worker.employee.id}?month=2026-03`);
    expect(own.statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', `/krye/payslip/${worker.employee.id}?month=2026-03`)).statusCode).toBe(401);
  });

  it('refuses a bad month on the worker route with 400', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const res = await call(ctx, worker.token, 'GET', '/krye/worker/me/payslip?month=march');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, code: 'monthInvalid' });
  });
});
