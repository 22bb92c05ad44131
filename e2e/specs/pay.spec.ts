import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { computeMonthPay, groupByWeek, hourColour, type TWageBasis } from '@puna/domain';
import { seriousViolations } from '../support/axe';
import {
  addEmployee,
  addHours,
  centsDigits,
  digitsOf,
  employerIdOf,
  expectNoHorizontalOverflow,
  openNewEmployer,
  setPlan,
  type TestEmployee,
} from '../support/workspace';

const MONTH = '2025-03';
/** A week and a bit of March 2025: a 0-hour day, short days, a Sunday, a fractional day. */
const DAYS: [string, number][] = [
  ['2025-03-03', 8],
  ['2025-03-04', 6.5],
  ['2025-03-05', 0],
  ['2025-03-06', 9],
  ['2025-03-07', 4],
  ['2025-03-09', 5],
  ['2025-03-10', 7.25],
];

const STAFF: { name: string; wages: TWageBasis; salary: number; days: [string, number][] }[] = [
  { name: 'Besnik Hoti', wages: 'Orë', salary: 4.5, days: DAYS },
  { name: 'Dafina Lika', wages: 'Ditë', salary: 30, days: DAYS.slice(0, 5) },
  { name: 'Ermal Zeka', wages: 'Muaj', salary: 650, days: DAYS.slice(1) },
];

async function monthOfWork(page: Page): Promise<TestEmployee[]> {
  const employees: TestEmployee[] = [];
  for (const person of STAFF) {
    const employee = await addEmployee(page, { name: person.name, wages: person.wages, salary: person.salary });
    await addHours(
      page,
      person.days.map(([data, ora]) => ({ worker_id: employee.id, data, ora })),
    );
    employees.push(employee);
  }
  return employees;
}

function numberIn(text: string | null): number {
  return Number((text ?? '').replace(/\s/g, '').replace(',', '.'));
}

test.describe('pay summary', () => {
  test('each card shows the pay the domain rule gives, its details by week, and the downloads', async ({
    page,
    request,
  }) => {
    await openNewEmployer(page, request);
    await monthOfWork(page);
    await page.goto('/kryepuntor/puntoret');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Punëtorët: rroga dhe orët');
    await page.getByLabel('Muaji', { exact: true }).fill(MONTH);
    await expect(page).toHaveURL(`/kryepuntor/puntoret?month=${MONTH}`);

    for (const person of STAFF) {
      const expected = computeMonthPay({
        wages: person.wages,
        salary: person.salary,
        month: MONTH,
        hours: person.days.map(([, hours]) => hours),
      });
      const card = page.getByRole('article', { name: person.name });
      await expect(card).toBeVisible();
      // Polled: the card shows the month before until the chosen month's figures arrive.
      await expect
        .poll(async () => digitsOf(await card.getByTestId('pay-amount').textContent()), { message: person.name })
        .toBe(centsDigits(expected.pay));
      expect(numberIn(await card.getByTestId('pay-hours').textContent()), person.name).toBe(expected.totalHours);
      await expect(card).toContainText(`/ ${person.wages}`);
      expect(digitsOf(await card.getByText(/^Bruto/).textContent())).toBe(centsDigits(expected.gross));
      if (person.wages !== 'Orë') await expect(card).toContainText(`nga ${expected.workingDays}`);
    }

    // Details: weeks as the domain groups them, hours coloured by the domain's rule.
    await page.getByRole('button', { name: 'Shiko detajet Besnik Hoti' }).click();
    const details = page.getByRole('dialog', { name: 'Besnik Hoti · Mars 2025' });
    const weeks = groupByWeek(DAYS.map(([data, ora]) => ({ data, ora })));
    await expect(details.getByRole('heading', { level: 3 })).toHaveText(weeks.map((week) => week.label));
    const badges = details.locator('[data-colour]');
    await expect(badges).toHaveCount(DAYS.length);
    expect(await badges.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-colour')))).toEqual(
      weeks.flatMap((week) => week.entries.map((entry) => hourColour(entry.ora))),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await details.getByText('Mbyll', { exact: true }).click();
    await expect(details).toBeHidden();

    // The month's pay and hours download as CSV and XLSX.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Shkarko Rrogat e muajit (Mars 2025) si CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`puna-rroga-${MONTH}.csv`);
    const text = await readFile(await csv.path(), 'utf8');
    for (const person of STAFF) expect(text).toContain(person.name);
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Shkarko Orët e muajit (Mars 2025) si XLSX' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toBe(`puna-ore-${MONTH}.xlsx`);
    expect((await readFile(await xlsx.path())).subarray(0, 2).toString()).toBe('PK');

    // Another month has no hours, so no pay.
    await page.getByLabel('Muaji', { exact: true }).fill('2025-02');
    await expect(page.getByRole('article', { name: 'Besnik Hoti' }).getByTestId('pay-amount')).toHaveText(
      /^\D*0[.,]00\D*$/,
    );
  });

  test('with the labour rules on, the card shows the payroll statement’s net and gross', async ({ page, request }) => {
    await openNewEmployer(page, request);
    const [besnik] = await monthOfWork(page);
    const turnedOn = await page.request.put('/krye/labour-settings', {
      data: { jurisdiction: 'XK', apply_labour_rules: true },
      headers: { 'x-requested-with': 'puna' },
    });
    expect(turnedOn.status()).toBe(200);
    const statement = await (await page.request.get(`/krye/payroll?month=${MONTH}`)).json();
    const line = statement.Result.workers.find(
      (worker: { employee_id: number }) => worker.employee_id === besnik?.id,
    ) as { net: number; gross: number };

    await page.goto(`/kryepuntor/puntoret?month=${MONTH}`);
    const card = page.getByRole('article', { name: 'Besnik Hoti' });
    await expect(card.getByText('Rroga neto')).toBeVisible();
    await expect
      .poll(async () => digitsOf(await card.getByTestId('pay-amount').textContent()))
      .toBe(centsDigits(line.net));
    expect(digitsOf(await card.getByText(/^Bruto/).textContent())).toBe(centsDigits(line.gross));
    await expect(card.getByTestId('statement-line')).toContainText('sipas pasqyrës së pagave');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("one employee's hours by month", async ({ page, request }) => {
    await openNewEmployer(page, request);
    const [besnik] = await monthOfWork(page);
    await page.goto(`/kryepuntor/oret/${besnik?.id}?month=${MONTH}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orët e punëtorit');
    await expect(page.getByText('Besnik Hoti · Mars 2025')).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(DAYS.length + 1);
    await expect(rows.nth(1)).toContainText('03.03.2025');
    await expect(rows.nth(1)).toContainText('E Hënë');
    await expect(rows.nth(6)).toContainText('E Dielë');
    await expect(page.getByRole('link', { name: /si CSV$/ })).toHaveAttribute(
      'href',
      `/krye/export/hours?month=${MONTH}&format=csv&locale=sq`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Muaji', { exact: true }).fill('2025-01');
    await expect(page.getByText('Nuk ka punëtorë për muajin e zgjedhur.')).toBeVisible();
    await expect(page.getByText('Besnik Hoti · Janar 2025')).toBeVisible();
  });

  test('the main pages fit a 390 px phone', async ({ page, request }) => {
    await openNewEmployer(page, request);
    await setPlan(request, await employerIdOf(page), 'premium');
    const [besnik] = await monthOfWork(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const pages: [string, (p: Page) => Promise<void>][] = [
      ['/kryepuntor', (p) => expect(p.getByText('Punëtorë gjithsej = 3')).toBeVisible()],
      ['/kryepuntor/employee', (p) => expect(p.getByRole('button', { name: /Ermal Zeka/ })).toBeVisible()],
      ['/kryepuntor/klista?date=2025-03-04', (p) => expect(p.getByRole('rowheader')).toHaveCount(3)],
      ['/kryepuntor/add_klista?date=2025-03-08', (p) => expect(p.getByRole('checkbox')).toHaveCount(3)],
      [`/kryepuntor/puntoret?month=${MONTH}`, (p) => expect(p.getByRole('article')).toHaveCount(3)],
      [`/kryepuntor/oret/${besnik?.id}?month=${MONTH}`, (p) => expect(p.getByRole('row')).toHaveCount(DAYS.length + 1)],
      ['/kryepuntor/premium/listatype', (p) => expect(p.getByRole('radio')).toHaveCount(2)],
    ];
    for (const [path, loaded] of pages) {
      await page.goto(path);
      await loaded(page);
      await expectNoHorizontalOverflow(page);
    }
    await page.goto(`/kryepuntor/puntoret?month=${MONTH}`);
    await page.getByRole('button', { name: 'Shiko detajet Ermal Zeka' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
