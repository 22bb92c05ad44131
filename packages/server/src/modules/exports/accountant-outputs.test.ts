import { formatNumber, parseFormattedNumber, type TLabourSettings } from '@puna/domain';
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
  resultOf,
  statementOf,
} from '../../../test/helpers/workspace-factories';

/** Issue 30, "Accountant-ready outputs": the files an accountant signs without edits. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

async function settings(token: string, body: Record<string, unknown>) {
  return call(ctx, token, 'PUT', '/krye/labour-settings', body);
}

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

async function pdfOf(body: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return { pages: pdf.numPages, text };
}

/** A CSV as a spreadsheet of the locale reads it: lines split on the separator, quotes removed. */
function parseCsv(body: string, separator: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let index = 0; index < line.length; index++) {
        const char = line[index];
        if (quoted) {
          if (char === '"' && line[index + 1] === '"') {
            cell += '"';
            index++;
          } else if (char === '"') quoted = false;
          else cell += char;
        } else if (char === '"') quoted = true;
        else if (char === separator) {
          cells.push(cell);
          cell = '';
        } else cell += char;
      }
      cells.push(cell);
      return cells;
    });
}

/** A Kosovo employer with the rules on, a NUI and an address: Ardi (hourly, overtime and a Sunday), Besa (every tax band). */
async function kosovoTeam() {
  const employer = await createWorkspace(ctx, 'Ndërtimi Çeliku');
  const res = await settings(employer.token, {
    jurisdiction: 'XK',
    apply_labour_rules: true,
    fiscal_number: '811234567',
    address: 'Rr. Nëna Terezë 12, Prishtinë',
  });
  expect(res.statusCode, res.body).toBe(200);
  const ardi = await addEmployee(ctx, employer.token, {
    name: 'Ardi Krasniqi',
    wages: 'Orë',
    salary: 5,
    personal_id: '1234567890',
  });
  const besa = await addEmployee(ctx, employer.token, { name: 'Besa Gashi', wages: 'Orë', salary: 20 });
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

/** An Albanian employer with the rules on and a NIPT: Gent (a month's full pay) and Lira (under the minimum base). */
async function albaniaTeam() {
  const employer = await createWorkspace(ctx, 'Furra e Tiranës');
  const res = await settings(employer.token, {
    jurisdiction: 'AL',
    apply_labour_rules: true,
    fiscal_number: 'L12345678A',
    address: 'Rruga e Kavajës, Tiranë',
  });
  expect(res.statusCode, res.body).toBe(200);
  const gent = await addEmployee(ctx, employer.token, {
    name: 'Gent Hoxha',
    wages: 'Orë',
    salary: 700,
    personal_id: 'J90101012A',
  });
  const lira = await addEmployee(ctx, employer.token, { name: 'Lira Dema', wages: 'Orë', salary: 1000 });
  await addHours(ctx, employer.token, [
    ...['02', '03', '04', '05', '06', '09', '10', '11', '12', '13', '16', '17'].map((day) => ({
      worker_id: gent.id,
      data: `2026-03-${day}`,
      ora: 8,
    })),
    { worker_id: lira.id, data: '2026-03-03', ora: 8 },
  ]);
  return { employer, gent, lira };
}

describe("the employer's fiscal number and address (PUT /krye/labour-settings)", () => {
  it('keeps a NUI in Kosovo and a NIPT in Albania, spaces dropped and in capitals, and clears them with null', async () => {
    const employer = await createWorkspace(ctx);
    const kosovo = await settings(employer.token, {
      fiscal_number: ' 811 234 567 ',
      address: '  Rr. Agim Ramadani 5 ',
    });
    expect(kosovo.statusCode, kosovo.body).toBe(200);
    expect(resultOf<TLabourSettings>(kosovo)).toMatchObject({
      jurisdiction: 'XK',
      fiscal_number: '811234567',
      address: 'Rr. Agim Ramadani 5',
    });
    const albania = await settings(employer.token, { jurisdiction: 'AL', fiscal_number: 'l12345678a' });
    expect(resultOf<TLabourSettings>(albania)).toMatchObject({ jurisdiction: 'AL', fiscal_number: 'L12345678A' });
    const read = resultOf<TLabourSettings>(await call(ctx, employer.token, 'GET', '/krye/labour-settings'));
    expect(read).toEqual({
      jurisdiction: 'AL',
      apply_labour_rules: false,
      currency: 'ALL',
      fiscal_number: 'L12345678A',
      address: 'Rr. Agim Ramadani 5',
    });
    const cleared = await settings(employer.token, { fiscal_number: null, address: '' });
    expect(resultOf<TLabourSettings>(cleared)).toEqual({
      jurisdiction: 'AL',
      apply_labour_rules: false,
      currency: 'ALL',
    });
  });

  it.each([
    ['a NIPT in Kosovo', { jurisdiction: 'XK', fiscal_number: 'L12345678A' }, 'fiscalNumberInvalid'],
    ['a NUI in Albania', { jurisdiction: 'AL', fiscal_number: '811234567' }, 'fiscalNumberInvalid'],
    ['a number of neither shape', { fiscal_number: '12-34' }, 'fiscalNumberInvalid'],
    ['a number as a number', { fiscal_number: 811234567 }, 'fiscalNumberInvalid'],
    ['an address of 201 characters', { address: 'a'.repeat(201) }, 'addressTooLong'],
  ])('refuses %s with 400 and a sentence', async (_name, body, code) => {
    const employer = await createWorkspace(ctx);
    const res = await settings(employer.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, code });
    const read = resultOf<TLabourSettings>(await call(ctx, employer.token, 'GET', '/krye/labour-settings'));
    expect(read.fiscal_number).toBeUndefined();
  });

  it('refuses a worker and an anonymous caller', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    expect((await settings(worker.token, { fiscal_number: '811234567' })).statusCode).toBe(403);
    expect((await call(ctx, null, 'PUT', '/krye/labour-settings', { fiscal_number: '811234567' })).statusCode).toBe(
      401,
    );
  });
});

describe('the payroll list as CSV and XLSX', () => {
  it('opens in columns in a Kosovo spreadsheet: ; between fields, decimal commas, a period line, totals equal to the statement', async () => {
    const { employer } = await kosovoTeam();
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const res = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03&format=csv&locale=sq');
    expect(res.statusCode, res.body).toBe(200);
    const lines = parseCsv(res.body, ';');
    expect(lines[0]).toEqual(['Periudha', '01.03.2026–31.03.2026']);
    const header = lines[1] ?? [];
    expect(header.slice(0, 3)).toEqual(['Emri', 'Numri personal', 'Orë']);
    // Every line has as many columns as the header: no decimal comma split a field.
    for (const line of lines.slice(1)) expect(line).toHaveLength(header.length);
    expect(res.body).toContain(';1.600,00;');
    const totals = lines.at(-1) ?? [];
    expect(totals[0]).toBe('Gjithsej');
    const column = (name: string) => header.indexOf(`${name} (€)`);
    const total = (name: string) => parseFormattedNumber(totals[column(name)] ?? '', 'sq');
    expect(total('Paga bruto')).toBe(statement.totals.gross);
    expect(total('Kontributi pensional i punëtorit')).toBe(statement.totals.employee_contributions);
    expect(total('Tatimi në pagë')).toBe(statement.totals.income_tax);
    expect(total('Paga neto')).toBe(statement.totals.net);
    expect(total('Kostoja e punëdhënësit')).toBe(statement.totals.employer_cost);
  });

  it('writes , and decimal points for ?locale=en, the same figures', async () => {
    const { employer } = await kosovoTeam();
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const res = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03&format=csv&locale=en');
    expect(res.statusCode, res.body).toBe(200);
    const lines = parseCsv(res.body, ',');
    const header = lines[1] ?? [];
    for (const line of lines.slice(1)) expect(line).toHaveLength(header.length);
    const totals = lines.at(-1) ?? [];
    expect(parseFormattedNumber(totals[header.indexOf('Paga neto (€)')] ?? '', 'en')).toBe(statement.totals.net);
    expect(res.body).toContain(',"1,600.00",');
  });

  it('ends the XLSX with a totals row of numbers, and gives Albania social and health in columns of their own', async () => {
    const { employer } = await albaniaTeam();
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const res = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-03&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    const header = rows[0] as string[];
    for (const expected of [
      'Sigurime shoqërore – punëmarrësi (lekë)',
      'Sigurime shëndetësore – punëmarrësi (lekë)',
      'Sigurime shoqërore – punëdhënësi (lekë)',
      'Sigurime shëndetësore – punëdhënësi (lekë)',
      'Baza e tatueshme (lekë)',
    ]) {
      expect(header).toContain(expected);
    }
    const totals = rows.at(-1) ?? [];
    expect(totals[0]).toBe('Gjithsej');
    const at = (row: unknown[], name: string) => row[header.indexOf(name)];
    expect(at(totals, 'Paga bruto (lekë)')).toBe(statement.totals.gross);
    expect(at(totals, 'Paga neto (lekë)')).toBe(statement.totals.net);
    // Each worker's social and health parts add up to the row's contributions.
    for (const row of rows.slice(1, -1)) {
      const employee =
        Number(at(row, 'Sigurime shoqërore – punëmarrësi (lekë)')) +
        Number(at(row, 'Sigurime shëndetësore – punëmarrësi (lekë)'));
      expect(employee).toBeCloseTo(Number(at(row, 'Sigurimet shoqërore dhe shëndetësore të punëmarrësit (lekë)')), 2);
      const employer =
        Number(at(row, 'Sigurime shoqërore – punëdhënësi (lekë)')) +
        Number(at(row, 'Sigurime shëndetësore – punëdhënësi (lekë)'));
      expect(employer).toBeCloseTo(Number(at(row, 'Sigurimet shoqërore dhe shëndetësore të punëdhënësit (lekë)')), 2);
    }
  });
});

describe('payslips', () => {
  it("print the employer's NUI and address, the personal ID, the taxable base and each contribution with its rate; the file is named after the worker and month", async () => {
    const { employer, ardi } = await kosovoTeam();
    const row = (await statementOf(ctx, employer.token, '2026-03')).workers.find(
      (worker) => worker.employee_id === ardi.id,
    );
    const euros = (value: number | undefined) => `${formatNumber(value ?? Number.NaN, 'sq')} €`;
    const res = await call(ctx, employer.token, 'GET', `/krye/payslip/${ardi.id}?month=2026-03`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="puna-fletepagesa-Ardi-Krasniqi-2026-03.pdf"; filename*=UTF-8''puna-flet%C3%ABpagesa-Ardi-Krasniqi-2026-03.pdf`,
    );
    const { text } = await pdfOf(res.rawPayload);
    for (const expected of [
      'NUI',
      '811234567',
      'Rr. Nëna Terezë 12, Prishtinë',
      '1234567890',
      'Baza e tatueshme',
      // Kosovo taxes gross less the employee's pension contribution.
      euros(Math.round(((row?.gross ?? 0) - (row?.employee_contributions ?? 0)) * 100) / 100),
      `Kontributi pensional i punëtorit (5 % e ${euros(row?.gross)})`,
      `Kontributi pensional i punëdhënësit (5 % e ${euros(row?.gross)})`,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("print Albania's NIPT and its social and health contributions apart, each with its rate", async () => {
    const { employer, gent } = await albaniaTeam();
    const res = await call(ctx, employer.token, 'GET', `/krye/payslip/${gent.id}?month=2026-03`);
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await pdfOf(res.rawPayload);
    for (const expected of [
      'NIPT',
      'L12345678A',
      'J90101012A',
      'Sigurime shoqërore (9,5 %',
      'Sigurime shëndetësore (1,7 %',
      'Sigurime shoqërore (15 %',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('keep an ASCII file name beside the UTF-8 one for names with Č, Ć and Đ', async () => {
    const employer = await createWorkspace(ctx);
    await settings(employer.token, { apply_labour_rules: true });
    const dorde = await addEmployee(ctx, employer.token, { name: 'Đorđe Čolić', wages: 'Ditë', salary: 40 });
    await addHours(ctx, employer.token, [{ worker_id: dorde.id, data: '2026-03-03', ora: 8 }]);
    const res = await call(ctx, employer.token, 'GET', `/krye/payslip/${dorde.id}?month=2026-03`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="puna-fletepagesa-Dorde-Colic-2026-03.pdf"; filename*=UTF-8''puna-flet%C3%ABpagesa-%C4%90or%C4%91e-%C4%8Coli%C4%87-2026-03.pdf`,
    );
  });
});

describe('GET /krye/payslips (every payslip of a month in one PDF)', () => {
  it('answers one PDF with a page per worker of the closed month', async () => {
    const { employer } = await kosovoTeam();
    expect((await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close')).statusCode).toBe(200);
    const res = await call(ctx, employer.token, 'GET', '/krye/payslips?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="puna-fletepagesat-2026-03.pdf"; filename*=UTF-8''puna-flet%C3%ABpagesat-2026-03.pdf`,
    );
    const { pages, text } = await pdfOf(res.rawPayload);
    expect(pages).toBe(2);
    expect(text).toContain('Ardi Krasniqi');
    expect(text).toContain('Besa Gashi');
    expect(text).toContain('Muaji u mbyll më');
  });

  it('marks every page provisional while the month is open, as the single payslip does', async () => {
    const { employer } = await kosovoTeam();
    const res = await call(ctx, employer.token, 'GET', '/krye/payslips?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    const { pages, text } = await pdfOf(res.rawPayload);
    expect(pages).toBe(2);
    expect(text.match(/Paraprake/g)).toHaveLength(2);
  });

  it('answers 409 while the rules are off, 400 for a bad month or an unknown field', async () => {
    const employer = await createWorkspace(ctx);
    const off = await call(ctx, employer.token, 'GET', '/krye/payslips?month=2026-03');
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ Status: false, code: 'labourRulesOff' });
    const bad = await call(ctx, employer.token, 'GET', '/krye/payslips?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false, code: 'monthInvalid' });
    expect((await call(ctx, employer.token, 'GET', '/krye/payslips?month=2026-03&employee=1')).statusCode).toBe(400);
  });

  it("refuses a worker and an anonymous caller, and never holds another employer's workers", async () => {
    const { employer } = await kosovoTeam();
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/payslips?month=2026-03')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/payslips?month=2026-03')).statusCode).toBe(401);
    const other = await createWorkspace(ctx);
    await settings(other.token, { apply_labour_rules: true });
    const res = await call(ctx, other.token, 'GET', '/krye/payslips?month=2026-03');
    expect(res.statusCode).toBe(200);
    const { pages, text } = await pdfOf(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).not.toContain('Ardi');
  });
});

describe('GET /krye/declaration', () => {
  it("answers Kosovo's monthly wage tax and pension contribution list as XLSX: NUI and period above, a row per worker, totals", async () => {
    const { employer } = await kosovoTeam();
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const res = await call(ctx, employer.token, 'GET', '/krye/declaration?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="puna-deklarata-atk-2026-03.xlsx"');
    const rows = await readXlsx(res.rawPayload);
    expect(rows.slice(0, 4)).toEqual([
      ['Deklarata mujore e tatimit në paga dhe kontributeve pensionale (ATK)'],
      ['Punëdhënësi', 'Ndërtimi Çeliku'],
      ['NUI', '811234567'],
      ['Periudha tatimore', '03/2026'],
    ]);
    const header = rows[4] as string[];
    expect(header).toEqual([
      'Nr.',
      'Numri personal',
      'Emri',
      'Mbiemri',
      'Paga bruto (€)',
      'Kontributi pensional i punëtorit (€)',
      'Kontributi pensional i punëdhënësit (€)',
      'Kontributet pensionale gjithsej (€)',
      'Paga e tatueshme (€)',
      'Tatimi në paga (€)',
      'Paga neto (€)',
      'Llogaritet tatimi në paga (PO/JO)',
    ]);
    const ardi = statement.workers.find((worker) => worker.name === 'Ardi Krasniqi');
    if (!ardi) throw new Error('Ardi has no statement row');
    expect(rows).toContainEqual([
      statement.workers.indexOf(ardi) + 1,
      '1234567890',
      'Ardi',
      'Krasniqi',
      ardi.gross,
      ardi.employee_contributions,
      ardi.employer_contributions,
      Math.round((ardi.employee_contributions + ardi.employer_contributions) * 100) / 100,
      Math.round((ardi.gross - ardi.employee_contributions) * 100) / 100,
      ardi.income_tax,
      ardi.net,
      'PO',
    ]);
    const totals = rows.at(-1) ?? [];
    expect(totals[0]).toBe('Gjithsej');
    expect(totals[4]).toBe(statement.totals.gross);
    expect(totals[9]).toBe(statement.totals.income_tax);
  });

  it('answers E-SIG 025/a in Albania: NIPT, period, contribution bases, social and health for each side', async () => {
    const { employer, lira } = await albaniaTeam();
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const res = await call(ctx, employer.token, 'GET', '/krye/declaration?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="puna-e-sig-025a-2026-03.xlsx"');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[2]).toEqual(['NIPT', 'L12345678A']);
    expect(rows[3]).toEqual(['Periudha', '03/2026']);
    const header = rows[4] as string[];
    expect(header).toEqual([
      'Nr.',
      'Numri personal',
      'Emri',
      'Mbiemri',
      'Paga bruto (lekë)',
      'Paga për sigurimet shoqërore (lekë)',
      'Paga për sigurimet shëndetësore (lekë)',
      'Sigurime shoqërore – punëdhënësi (lekë)',
      'Sigurime shoqërore – punëmarrësi (lekë)',
      'Sigurime shëndetësore – punëdhënësi (lekë)',
      'Sigurime shëndetësore – punëmarrësi (lekë)',
      'Kontributet gjithsej (lekë)',
      'Tatimi mbi të ardhurat personale (lekë)',
      'Paga neto (lekë)',
    ]);
    const liraRow = rows.find((row) => row[3] === 'Dema') ?? [];
    const liraStatement = statement.workers.find((worker) => worker.employee_id === lira.id);
    expect(liraRow[4]).toBe(liraStatement?.gross);
    // Lira's 8,000 lek is under the minimum wage: the social base is raised to it.
    expect(Number(liraRow[5])).toBeGreaterThan(Number(liraRow[4]));
    const totals = rows.at(-1) ?? [];
    expect(totals[0]).toBe('Gjithsej');
    expect(totals[11]).toBe(
      Math.round((statement.totals.employee_contributions + statement.totals.employer_contributions) * 100) / 100,
    );
    expect(totals[12]).toBe(statement.totals.income_tax);
  });

  it('answers 409 while the rules are off and 400 for a bad month', async () => {
    const employer = await createWorkspace(ctx);
    expect((await call(ctx, employer.token, 'GET', '/krye/declaration?month=2026-03')).statusCode).toBe(409);
    const bad = await call(ctx, employer.token, 'GET', '/krye/declaration?month=03-2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false, code: 'monthInvalid' });
  });

  it('refuses a worker and an anonymous caller', async () => {
    const { employer } = await kosovoTeam();
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/declaration?month=2026-03')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/declaration?month=2026-03')).statusCode).toBe(401);
  });
});
