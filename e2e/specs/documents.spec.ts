import fs from 'node:fs';
import { type Download, expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { logInQuickly } from '../support/accounts';
import { VIEWPORTS } from '../support/axe';
import { openPage } from '../support/pages';
import { addHours, expectNoHorizontalOverflow, openNewEmployer, workerLogin } from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

/**
 * Issue 16's documents on the screens (docs/product.md#month-close, #employees, #worker-area): the
 * personal ID number on the employee form, the payroll list and each worker's payslip downloaded
 * from 'Mbyll muajin', and the worker's own payslip list.
 */
const MONTH = '2025-03';
const DAYS = ['2025-03-03', '2025-03-04', '2025-03-05'];
const appHeaders = { 'x-requested-with': 'puna' };

/** Turns the labour-law rules on (Kosovo) through the API with the page's session. */
async function rulesOn(page: Page) {
  const res = await page.request.put('/krye/labour-settings', {
    data: { jurisdiction: 'XK', apply_labour_rules: true },
    headers: appHeaders,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Adds an employee through the API, with a personal ID number and/or a login when given. */
async function addEmployee(page: Page, data: Record<string, unknown>): Promise<{ id: number; name: string }> {
  const res = await page.request.post('/krye/add_employee', {
    data: { wages: 'Orë', salary: 5, role: 'Punëtor', ...data },
    headers: appHeaders,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).Result;
}

async function employeesOf(page: Page): Promise<{ name: string; personal_id: string | null }[]> {
  return (await (await page.request.get('/krye/employee')).json()).Result;
}

/** Clicks a download link and answers the downloaded file's name and bytes. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const waiting = page.waitForEvent('download');
  await click();
  const file: Download = await waiting;
  const path = await file.path();
  return { name: file.suggestedFilename(), body: fs.readFileSync(path) };
}

async function pdfText(body: Buffer): Promise<string> {
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

test('the personal ID number is added, shown, changed and cleared on the employee form', async ({ page, request }) => {
  await openNewEmployer(page, request);
  await openPage(page, '/kryepuntor/employee');

  await page.getByRole('button', { name: 'Shto punëtor' }).click();
  let dialog = page.getByRole('dialog', { name: 'Shto punëtor' });
  await dialog.getByLabel('Emri').fill('Arta Berisha');
  await dialog.getByLabel('Rroga').fill('5');
  await dialog.getByLabel('Roli').selectOption('Punëtor');
  // The server's rule, checked before sending: letters and digits only.
  await dialog.getByLabel('Numri personal (opsional)').fill('12-34');
  await dialog.getByRole('button', { name: 'Shto', exact: true }).click();
  await expect(dialog.getByText('Numri personal duhet të ketë 1 deri në 20 shkronja ose shifra.')).toBeVisible();
  await dialog.getByLabel('Numri personal (opsional)').fill(' ks1234567 ');
  await dialog.getByRole('button', { name: 'Shto', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await employeesOf(page)).toMatchObject([{ name: 'Arta Berisha', personal_id: 'KS1234567' }]);

  // Edit: the number is there; changed, then cleared.
  const row = page.getByRole('row', { name: /Arta Berisha/ });
  await row.getByRole('button', { name: 'Ndrysho Arta Berisha' }).click();
  dialog = page.getByRole('dialog', { name: 'Ndrysho punëtorin' });
  await expect(dialog.getByLabel('Numri personal (opsional)')).toHaveValue('KS1234567');
  await dialog.getByLabel('Numri personal (opsional)').fill('9876543210');
  await dialog.getByRole('button', { name: 'Ruaj ndryshimet' }).click();
  await expect(dialog).toBeHidden();
  expect(await employeesOf(page)).toMatchObject([{ personal_id: '9876543210' }]);

  // On a phone, the open card shows it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /Arta Berisha/ }).click();
  await expect(page.getByText('9876543210')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Ndrysho Arta Berisha' }).click();
  dialog = page.getByRole('dialog', { name: 'Ndrysho punëtorin' });
  await expect(dialog.getByLabel('Numri personal (opsional)')).toHaveValue('9876543210');
  await dialog.getByLabel('Numri personal (opsional)').fill('');
  await dialog.getByRole('button', { name: 'Ruaj ndryshimet' }).click();
  await expect(dialog).toBeHidden();
  expect(await employeesOf(page)).toMatchObject([{ personal_id: null }]);
});

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 1024;
  test(`'Mbyll muajin' downloads the payroll list and each payslip, ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    await openNewEmployer(page, request, 'Furra e Dokumenteve');
    await rulesOn(page);
    const arta = await addEmployee(page, { name: 'Arta Berisha', personal_id: '1234567890' });
    const besnik = await addEmployee(page, { name: 'Besnik Hoti', wages: 'Ditë', salary: 30 });
    await addHours(page, [
      ...DAYS.map((data) => ({ worker_id: arta.id, data, ora: 8 })),
      ...DAYS.map((data) => ({ worker_id: besnik.id, data, ora: 8 })),
    ]);
    await page.setViewportSize(viewport);
    await openPage(page, `/kryepuntor/mbyll-muajin?month=${MONTH}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mbyll muajin');

    // The payroll list as CSV for an Albanian-locale spreadsheet: the period, the accountant's
    // header row, one row per worker, the totals; ; between fields and decimal commas.
    const csv = await download(page, () =>
      page.getByRole('link', { name: 'Shkarko listën e pagave (Mars 2025) si CSV' }).click(),
    );
    expect(csv.name).toBe(`puna-lista-e-pagave-${MONTH}.csv`);
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('"Periudha";"01.03.2025–31.03.2025"');
    expect(lines[1]).toMatch(/^"Emri";"Numri personal";"Orë";"Paga bazë \(€\)"/);
    expect(lines.slice(2).filter(Boolean)).toEqual([
      expect.stringMatching(/^"Arta Berisha";"1234567890";24;120,00;/),
      expect.stringMatching(/^"Besnik Hoti";"";24;90,00;/),
      // The totals: hours, then money with a decimal comma (1.234,56).
      expect.stringMatching(/^"Gjithsej";;48;210,00;(\d{1,3}(\.\d{3})*,\d{2})?;/),
    ]);

    // And as XLSX (a zip).
    const xlsx = await download(page, () =>
      page.getByRole('link', { name: 'Shkarko listën e pagave (Mars 2025) si XLSX' }).click(),
    );
    expect(xlsx.name).toBe(`puna-lista-e-pagave-${MONTH}.xlsx`);
    expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');

    // Each worker's payslip, from its row (wide) or its card (phone).
    const where = phone
      ? page.getByRole('article', { name: 'Besnik Hoti' })
      : page.getByRole('row', { name: /Besnik Hoti/ });
    const payslip = await download(page, () =>
      where.getByRole('link', { name: 'Shkarko fletëpagesën e Besnik Hoti (Mars 2025)' }).click(),
    );
    expect(payslip.name).toBe(`puna-fletëpagesa-Besnik-Hoti-${MONTH}.pdf`);
    const text = await pdfText(payslip.body);
    expect(text).toContain('Besnik Hoti');
    expect(text).toContain('Furra e Dokumenteve');
    expect(text).not.toContain('Arta Berisha');
    await expectNoHorizontalOverflow(page);
  });
}

test("the worker's payslip list: empty until the month is closed, then downloads it", async ({
  browser,
  page,
  request,
}) => {
  await openNewEmployer(page, request, 'Furra e Fletëpagesave');
  await rulesOn(page);
  const login = workerLogin();
  const vesa = await addEmployee(page, { name: 'Vesa Krasniqi', ...login });
  await addHours(
    page,
    DAYS.map((data) => ({ worker_id: vesa.id, data, ora: 8 })),
  );

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'sq-AL',
    timezoneId: 'Europe/Tirane',
    reducedMotion: 'reduce',
  });
  const worker = await phone.newPage();
  try {
    await logInQuickly(worker, login.email, login.password);
    await openPage(worker, '/datapuntoret');
    await worker.getByRole('link', { name: 'Fletëpagesat' }).click();
    await expect(worker).toHaveURL('/datapuntoret/fletepagesat');
    await expect(worker.getByRole('heading', { level: 1 })).toHaveText('Fletëpagesat');
    await expect(worker.getByText('Nuk ka ende fletëpagesa.')).toBeVisible();

    // The employer closes March.
    const close = await page.request.post(`/krye/months/${MONTH}/close`, { headers: appHeaders });
    expect(close.ok(), await close.text()).toBe(true);

    await worker.reload();
    const item = worker.getByRole('listitem').filter({ hasText: 'Mars 2025' });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Mbyllur më');
    const payslip = await download(worker, () =>
      item.getByRole('link', { name: 'Shkarko fletëpagesën e Mars 2025' }).click(),
    );
    expect(payslip.name).toBe(`puna-fletëpagesa-Vesa-Krasniqi-${MONTH}.pdf`);
    const text = await pdfText(payslip.body);
    expect(text).toContain('Vesa Krasniqi');
    expect(text).toContain('Muaji u mbyll më');
    await expectNoHorizontalOverflow(worker);
  } finally {
    await phone.close();
  }
});
