import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { VIEWPORTS } from '../support/axe';
import { localeText } from '../support/locale';
import { openPage } from '../support/pages';
import { addHours, expectNoHorizontalOverflow, openNewEmployer } from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

/**
 * Issue 34: owners look for the payslip under pay, not only under 'Mbyll muajin'. Once a month is
 * closed, the pay page's card and the employee's hours page download the employee's payslip, named
 * by the employee and the month (docs/product.md#month-close).
 */
const MONTH = '2025-03';
const DAYS = ['2025-03-03', '2025-03-04', '2025-03-05'];
const appHeaders = { 'x-requested-with': 'puna' };
const NAME = 'Drita Gërxhaliu';
const FILE = `puna-fletëpagesa-Drita-Gërxhaliu-${MONTH}.pdf`;
const linkName = localeText('payrollFiles.payslipDownload', { feature: 'month-close' })
  .replace('{{name}}', NAME)
  .replace('{{month}}', 'Mars 2025');

async function downloadName(page: Page, click: () => Promise<void>): Promise<string> {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  return file.suggestedFilename();
}

for (const viewport of VIEWPORTS) {
  test(`a closed month's payslip downloads from the pay page and the employee's hours at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await openNewEmployer(page, request, 'Furra e Pagave');
    const rules = await page.request.put('/krye/labour-settings', {
      data: { jurisdiction: 'XK', apply_labour_rules: true },
      headers: appHeaders,
    });
    expect(rules.ok(), await rules.text()).toBe(true);
    const added = await page.request.post('/krye/add_employee', {
      data: { name: NAME, wages: 'Orë', salary: 5, role: 'Punëtor' },
      headers: appHeaders,
    });
    expect(added.ok(), await added.text()).toBe(true);
    const drita = (await added.json()).Result as { id: number };
    await addHours(
      page,
      DAYS.map((data) => ({ worker_id: drita.id, data, ora: 8 })),
    );

    // An open month has no payslip on the pay page yet.
    await openPage(page, `/kryepuntor/puntoret?month=${MONTH}`);
    const card = page.getByRole('article', { name: NAME });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: linkName })).toHaveCount(0);

    const close = await page.request.post(`/krye/months/${MONTH}/close`, { headers: appHeaders });
    expect(close.ok(), await close.text()).toBe(true);

    // Closed: the card downloads it, named by the employee and the month.
    await openPage(page, `/kryepuntor/puntoret?month=${MONTH}`);
    expect(await downloadName(page, () => card.getByRole('link', { name: linkName }).click())).toBe(FILE);
    await expectNoHorizontalOverflow(page);

    // And the employee's own page, for that month.
    await openPage(page, `/kryepuntor/oret/${drita.id}?month=${MONTH}`);
    expect(await downloadName(page, () => page.getByRole('link', { name: linkName }).click())).toBe(FILE);
    await expectNoHorizontalOverflow(page);

    // The header names the file in ASCII for every browser and as written in `filename*`.
    const response = await page.request.get(`/krye/payslip/${drita.id}?month=${MONTH}`);
    expect(response.headers()['content-disposition']).toBe(
      `attachment; filename="puna-fletepagesa-Drita-Gerxhaliu-${MONTH}.pdf"; filename*=UTF-8''${encodeURIComponent(FILE)}`,
    );
  });
}
