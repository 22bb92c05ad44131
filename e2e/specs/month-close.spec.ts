import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { AxeReport, VIEWPORTS } from '../support/axe';
import { openPage } from '../support/pages';
import {
  addEmployee,
  addHours,
  centsDigits,
  expectDigits,
  expectNoHorizontalOverflow,
  openNewEmployer,
} from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

/**
 * Issue 16's screens (docs/product.md#month-close): the labour settings and holiday calendar, then
 * 'Mbyll muajin' for March 2025 in Kosovo (rule set XK-2024-10-01, docs/labour-rules.md#kosovo).
 *
 * Worked example: Arta, paid by the hour at €5, works 8 h on Monday 3, Tuesday 4 and Wednesday 5
 * March 2025 (no overtime); the company day (Friday 21) and Bajram's day off (Monday 31) fall on her
 * working days, so they are paid too (Law 03/L-064 Art. 3.1, docs/labour-rules.md): gross
 * (3 + 2) × 8 × €5 = €200.00; pension 5 % = €10.00 from her and €10.00 from the employer; her taxable
 * €190.00 is in the 0 % band (to €250), so no income tax; net €190.00, the employer's cost €210.00. Besnik, paid €300 a month (under the €350 minimum wage),
 * works the same days: the company day on Friday 21 March and Bajram (Sunday 30 March, its day off
 * moved to Monday 31) are two paid holidays for him, and his pay carries the minimum-wage warning.
 * Drilon works 13 h on Monday 10 March: a day over 12 h, the month's one exception, which links to
 * that day's hours and has to be acknowledged to close the month.
 */
const MONTH = '2025-03';
const DAYS = ['2025-03-03', '2025-03-04', '2025-03-05'];
const LONG_DAY = '2025-03-10';
const ARTA = { gross: 200, net: 190, employerCost: 210 };
const COMPANY_DAY = { date: '2025-03-21', name: 'Dita e furrës', shown: 'E Premte, 21.03.2025' };
const CLOSED_SENTENCE =
  'Ky muaj është i mbyllur: orët, korrigjimet e skanimeve dhe paga e tij nuk mund të ndryshojnë. Rihapeni muajin më parë.';

/** Opens a screen of the employer's menu as a person does: the 'Më shumë' dropdown, or the phone's menu. */
async function openFromMenu(page: Page, phone: boolean, label: string): Promise<void> {
  if (phone) {
    await page.getByRole('button', { name: 'Hap menunë' }).click();
    await page.getByRole('dialog', { name: 'Menuja' }).getByRole('link', { name: label, exact: true }).click();
  } else {
    const nav = page.getByRole('navigation', { name: 'Navigimi kryesor' });
    await nav.getByRole('button', { name: 'Më shumë' }).click();
    await nav.getByRole('link', { name: label, exact: true }).click();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 1024;
  test(`close the month under the law, ${viewport.width} px`, async ({ page, request }) => {
    // Settings, calendar, statement, an exception's link, close, a refused edit and reopen: a long walk.
    test.slow();
    await openNewEmployer(page, request, 'Furra e Muajit');
    const arta = await addEmployee(page, { name: 'Arta Berisha', wages: 'Orë', salary: 5 });
    const besnik = await addEmployee(page, { name: 'Besnik Hoti', wages: 'Muaj', salary: 300 });
    const drilon = await addEmployee(page, { name: 'Drilon Krasniqi', wages: 'Orë', salary: 4 });
    const entries = await addHours(page, [
      ...DAYS.map((data) => ({ worker_id: arta.id, data, ora: 8 })),
      ...DAYS.map((data) => ({ worker_id: besnik.id, data, ora: 8 })),
      { worker_id: drilon.id, data: LONG_DAY, ora: 13 },
    ]);
    const artaMonday = entries.Result.find((entry) => entry.worker_id === arta.id)?.id ?? 0;
    const report = new AxeReport();
    await page.setViewportSize(viewport);
    await openPage(page, '/kryepuntor');

    // While the rules are off, the statement says how to turn them on.
    await openFromMenu(page, phone, 'Mbyll muajin');
    await expect(page.getByRole('heading', { name: 'Listëpagesa kërkon rregullat e ligjit të punës' })).toBeVisible();
    await page.getByRole('link', { name: 'Hap cilësimet e ligjit të punës' }).click();

    // Labour settings: Kosovo by default; the rules turned on and saved.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ligji i punës');
    await expect(page.getByLabel('Vendi')).toHaveValue('XK');
    await page.getByRole('switch', { name: 'Zbato rregullat e ligjit të punës' }).check();
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page.getByText('Cilësimet e ligjit të punës u ruajtën.')).toBeVisible();

    // The holiday calendar of 2025, and a company day added to it.
    await page.getByLabel('Viti').selectOption('2025');
    await expect(page.getByText('Dita e Pavarësisë së Republikës së Kosovës')).toBeVisible();
    await page.getByLabel('Data', { exact: true }).fill(COMPANY_DAY.date);
    await page.getByLabel('Emri i ditës').fill(COMPANY_DAY.name);
    await page.getByRole('button', { name: 'Shto ditën' }).click();
    await expect(page.getByText('Dita e pushimit u shtua.')).toBeVisible();
    const companyDay = page.getByRole('listitem').filter({ hasText: COMPANY_DAY.name });
    await expect(companyDay).toContainText(COMPANY_DAY.shown);
    await expect(companyDay.getByRole('button', { name: `Fshij ${COMPANY_DAY.name}` })).toBeVisible();
    await report.check(page, 'labour settings');

    // The statement for March 2025.
    await page.getByRole('link', { name: 'Mbyll muajin', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mbyll muajin');
    await page.getByLabel('Muaji', { exact: true }).fill(MONTH);
    await expect(page).toHaveURL(`/kryepuntor/mbyll-muajin?month=${MONTH}`);
    const state = page.getByRole('region', { name: 'Gjendja e muajit' });
    await expect(state).toContainText('I hapur');
    if (phone) {
      const card = page.getByRole('article', { name: 'Arta Berisha' });
      await expectDigits(card.getByTestId('payroll-net'), centsDigits(ARTA.net));
      await expect(card).toContainText('Bruto');
      await expectNoHorizontalOverflow(page);
    } else {
      const row = page.getByRole('row', { name: /Arta Berisha/ });
      await expectDigits(row.getByTestId('payroll-net'), centsDigits(ARTA.net));
      await expectDigits(row.getByTestId('payroll-employer_cost'), centsDigits(ARTA.employerCost));
      await expectDigits(row.getByTestId('payroll-gross'), centsDigits(ARTA.gross));
    }
    const besnikWarnings = page.getByRole('list', { name: 'Paralajmërime për Besnik Hoti' }).filter({ visible: true });
    // Money as the browser's Intl writes it (Debian's Chromium has no Albanian number format).
    await expect(besnikWarnings).toContainText(
      /Paga \S*\s?300[.,]00\s?€? për orët e muajit është nën pagën minimale për to, \S*\s?350[.,]00/,
    );
    // Every worker with work that month (Arta and Drilon by the hour, Besnik by the month) is paid the
    // company day and Bajram's day off.
    await expect(page.getByText(/^Festa të paguara: 2 ditë/).filter({ visible: true })).toHaveCount(3);
    await expect(
      page.getByText('Vlerat e paracaktuara duhen konfirmuar me një kontabilist para se të paguani.'),
    ).toBeVisible();
    // The month's one exception, with a link to that day's hours.
    const exceptions = page.getByRole('region', { name: "1 përjashtim për t'u shqyrtuar" });
    await expect(exceptions).toContainText('Drilon Krasniqi · 10.03.2025');
    await expect(exceptions).toContainText('13 orë në një ditë, mbi 12 orë.');
    await report.check(page, 'month close, open');
    await exceptions.getByRole('link', { name: 'Rregullo: Drilon Krasniqi, 10.03.2025' }).click();
    await expect(page).toHaveURL(`/kryepuntor/klista?date=${LONG_DAY}`);
    await page.goBack();
    await expect(exceptions).toBeVisible();

    // Close: asked first, then the badge says Closed with its time.
    await state.getByRole('button', { name: 'Mbyll muajin' }).click();
    const ask = page.getByRole('dialog', { name: 'Ta mbyllim muajin Mars 2025?' });
    await expect(ask).toBeVisible();
    // The exception stands: closing waits for its acknowledgement.
    await expect(ask).toContainText('Ky muaj ka ende 1 përjashtim.');
    const confirm = ask.getByRole('button', { name: 'Po, mbylle' });
    await expect(confirm).toBeDisabled();
    await ask.getByRole('checkbox', { name: 'E kam shqyrtuar përjashtimin dhe e mbyll muajin me të.' }).check();
    await report.check(page, 'close dialog');
    await confirm.click();
    await expect(page.getByText('Muaji Mars 2025 u mbyll.')).toBeVisible();
    await expect(state).toContainText('I mbyllur');
    await expect(page.getByText('1 përjashtim u pranua kur u mbyll muaji.')).toBeVisible();
    await expect(state).toContainText(/Mbyllur më \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);

    // An hours edit in the closed month is refused, in Albanian.
    await openPage(page, `/kryepuntor/edit_klista/${artaMonday}`);
    await page.getByLabel('Orë', { exact: true }).fill('7');
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page.getByText(CLOSED_SENTENCE)).toBeVisible();

    // Reopen: a reason is required.
    await openPage(page, `/kryepuntor/mbyll-muajin?month=${MONTH}`);
    await state.getByRole('button', { name: 'Rihap muajin' }).click();
    const reopen = page.getByRole('dialog', { name: 'Rihap muajin Mars 2025' });
    await reopen.getByRole('button', { name: 'Rihape' }).click();
    await expect(reopen.getByText('Shkruani pse rihapet muaji.')).toBeVisible();
    await report.check(page, 'reopen dialog, reason missing');
    await reopen.getByLabel('Arsyeja').fill('Orët e Artës duhen korrigjuar.');
    await reopen.getByRole('button', { name: 'Rihape' }).click();
    await expect(reopen).toBeHidden();
    await expect(page.getByText('Muaji Mars 2025 u rihap.')).toBeVisible();
    await expect(state).toContainText('I hapur');
    report.expectClean();
  });
}

/**
 * Issue 30, accountant-ready outputs: a new employer's first visit to 'Mbyll muajin' turns the
 * rules on in one tap with the country chosen there, then downloads every payslip of the month in
 * one PDF (a page per worker) and the payroll list as CSV for an Albanian-locale spreadsheet.
 */
test('a new employer turns the rules on from Mbyll muajin in one tap, and downloads the month', async ({
  page,
  request,
}) => {
  await openNewEmployer(page, request, 'Furra e Tiranës');
  const arta = await addEmployee(page, { name: 'Arta Berisha', wages: 'Orë', salary: 500 });
  const besnik = await addEmployee(page, { name: 'Besnik Hoti', wages: 'Orë', salary: 600 });
  await addHours(page, [
    ...DAYS.map((data) => ({ worker_id: arta.id, data, ora: 8 })),
    ...DAYS.map((data) => ({ worker_id: besnik.id, data, ora: 8 })),
  ]);
  await openPage(page, `/kryepuntor/mbyll-muajin?month=${MONTH}`);
  const offer = page.getByRole('region', { name: 'Listëpagesa kërkon rregullat e ligjit të punës' });
  await expect(offer).toBeVisible();
  await offer.getByLabel('Vendi').selectOption('AL');
  await offer.getByRole('button', { name: 'Ndiz rregullat e ligjit të punës' }).click();
  await expect(page.getByText('Rregullat e ligjit të punës u ndezën.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gjendja e muajit' })).toContainText('I hapur');

  // Every payslip of the month in one PDF: a page per worker.
  const waitingPdf = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Shkarko të gjitha fletëpagesat e Mars 2025 në një PDF' }).click();
  const pdfFile = await waitingPdf;
  expect(pdfFile.suggestedFilename()).toBe(`puna-fletëpagesat-${MONTH}.pdf`);
  const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(await pdfFile.path())));
  expect(pdf.numPages).toBe(2);
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain('NIPT');
  expect(text).toContain('Arta Berisha');
  expect(text).toContain('Besnik Hoti');

  // The payroll list as CSV: ; between fields, lek with a decimal comma, a totals row.
  const waitingCsv = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Shkarko listën e pagave (Mars 2025) si CSV' }).click();
  const csv = fs
    .readFileSync(await (await waitingCsv).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(csv[0]).toBe('"Periudha";"01.03.2025–31.03.2025"');
  expect(csv).toContainEqual(expect.stringMatching(/^"Arta Berisha";"";24;12\.000,00;/));
  expect(csv).toContainEqual(expect.stringMatching(/^"Gjithsej";;48;26\.400,00;/));

  // The labour settings name Albania's fiscal number NIPT.
  await page.getByRole('link', { name: 'Cilësimet e ligjit të punës' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ligji i punës');
  await expect(page.getByLabel('NIPT i kompanisë')).toBeVisible();
});
