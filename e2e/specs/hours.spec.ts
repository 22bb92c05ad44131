import { expect, type Page, test } from '@playwright/test';
import { todayIn } from '@puna/domain';
import { seriousViolations } from '../support/axe';
import { addEmployee, addHours, employerIdOf, openNewEmployer, setPlan, type TestEmployee } from '../support/workspace';

// The browser's "today" must be the employer's (Europe/Tirane, the default time zone).
test.use({ timezoneId: 'Europe/Tirane' });

async function threeEmployees(page: Page): Promise<[TestEmployee, TestEmployee, TestEmployee]> {
  return [
    await addEmployee(page, { name: 'Zana Kuqi', wages: 'Orë', salary: 4 }),
    await addEmployee(page, { name: 'Agon Berisha', wages: 'Ditë', salary: 30, role: 'Mjeshtër' }),
    await addEmployee(page, { name: 'Mira Deda', wages: 'Muaj', salary: 600 }),
  ];
}

function rowOf(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
}

test.describe('hours lists', () => {
  test('hours for several days through the add page, then edit and bulk delete', async ({ page, request }) => {
    // One long journey over the add, list and edit pages, with axe on each.
    test.slow();
    await openNewEmployer(page, request);
    await threeEmployees(page);

    await page.goto('/kryepuntor/klista?date=2025-03-03');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lista e orëve');
    await expect(page.getByText('Nuk ka orë për këtë datë.')).toBeVisible();
    await page.getByRole('link', { name: 'Shto listë' }).click();
    await expect(page).toHaveURL('/kryepuntor/add_klista?date=2025-03-03');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shto orët');
    await expect(page.getByLabel('Dita')).toHaveValue('E Hënë');
    expect(await seriousViolations(page)).toEqual([]);

    // Monday: everyone, 8 hours; the checks of the form first.
    const employees = page.getByRole('region', { name: 'Punëtorët' });
    await expect(employees.getByRole('checkbox')).toHaveCount(3);
    await page.getByRole('button', { name: '8', exact: true }).click();
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(page.getByText('Zgjidhni të paktën një punëtor.')).toBeVisible();
    await page.getByRole('button', { name: 'Zgjidh të gjithë' }).click();
    await expect(employees.getByRole('checkbox', { checked: true })).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Hiq të gjithë' })).toBeVisible();
    await page.getByLabel('Orë', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(page.getByText('Orët janë të detyrueshme.')).toBeVisible();
    await page.getByLabel('Orë', { exact: true }).fill('tetë');
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(page.getByText('Orët duhet të jenë një numër nga 0 deri në 24')).toBeVisible();
    await page.getByRole('button', { name: '8', exact: true }).click();
    await expect(page.getByLabel('Orë', { exact: true })).toHaveValue('8');
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(page.getByText('U shtuan orët për 3 punëtorë.')).toBeVisible();
    await expect(page.getByText('Nuk ka asnjë punëtor')).toBeVisible();

    // Tuesday: 9 for one, 0 for the others.
    await page.getByLabel('Data').fill('2025-03-04');
    await expect(page.getByLabel('Dita')).toHaveValue('E Martë');
    await employees.getByRole('checkbox', { name: /Agon Berisha/ }).check();
    await page.getByRole('button', { name: '9', exact: true }).click();
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(page.getByText('U shtuan orët për 1 punëtor.')).toBeVisible();
    await expect(employees.getByRole('checkbox')).toHaveCount(2);
    await page.getByRole('button', { name: 'Zgjidh të gjithë' }).click();
    await page.getByRole('button', { name: '0', exact: true }).click();
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(page.getByText('Nuk ka asnjë punëtor')).toBeVisible();

    // Close goes back to the list of that day, numbered and sorted by name.
    await page.getByRole('link', { name: 'Mbyll', exact: true }).click();
    await expect(page).toHaveURL('/kryepuntor/klista?date=2025-03-04');
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader')).toHaveText([/^Agon Berisha/, /^Mira Deda/, /^Zana Kuqi/]);
    await expect(rowOf(page, 'Agon Berisha')).toContainText('E Martë');
    await expect(rowOf(page, 'Agon Berisha').getByRole('cell').nth(4)).toHaveText('9');
    await expect(rowOf(page, 'Mira Deda').getByRole('cell').nth(4)).toHaveText('0');
    expect(await seriousViolations(page)).toEqual([]);

    // Edit: only the hours change, then back to the same day's list.
    await rowOf(page, 'Mira Deda').getByRole('link', { name: 'Ndrysho Mira Deda' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ndrysho orët');
    await expect(page.getByLabel('Emri')).toHaveValue('Mira Deda');
    await expect(page.getByLabel('Emri')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Data')).toHaveValue('04.03.2025');
    await expect(page.getByLabel('Dita')).toHaveValue('E Martë');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Orë', { exact: true }).fill('6,5');
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page).toHaveURL('/kryepuntor/klista?date=2025-03-04');
    await expect(rowOf(page, 'Mira Deda').getByRole('cell').nth(4)).toHaveText(/^6[.,]5$/);

    // Bulk delete: nothing selected is refused, two selected are deleted after the confirm.
    await page.getByRole('button', { name: 'Fshij', exact: true }).click();
    await expect(page.getByText('Zgjidhni të paktën një regjistrim.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Zgjidh Agon Berisha' }).check();
    await page.getByRole('checkbox', { name: 'Zgjidh Zana Kuqi' }).check();
    await page.getByRole('button', { name: 'Fshij', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'A jeni i sigurt që dëshironi të fshini 2 regjistrime?' });
    await confirm.getByRole('button', { name: 'Fshij' }).click();
    await expect(page.getByText('2 regjistrime u fshinë.')).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveText([/^Mira Deda/]);

    // One row's Delete asks too.
    await rowOf(page, 'Mira Deda').getByRole('button', { name: 'Fshij Mira Deda' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Fshij' }).click();
    await expect(page.getByText('Nuk ka orë për këtë datë.')).toBeVisible();

    // Monday is untouched; Zgjidh të gjithë selects the whole day.
    await page.getByLabel('Data').fill('2025-03-03');
    await expect(table.getByRole('rowheader')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Zgjidh të gjithë' }).check();
    await expect(table.getByRole('checkbox', { checked: true })).toHaveCount(3);
    await expect(page.getByText('(3 të zgjedhur)')).toBeVisible();
  });

  test('a night shift with its times: added from 22:00 to 06:00, its times kept on the edit page', async ({
    page,
    request,
  }) => {
    await openNewEmployer(page, request);
    await addEmployee(page, { name: 'Roja Natës', wages: 'Orë', salary: 5 });
    await page.goto('/kryepuntor/add_klista?date=2025-03-05');
    await page
      .getByRole('region', { name: 'Punëtorët' })
      .getByRole('checkbox', { name: /Roja Natës/ })
      .check();
    await page.getByLabel('Orë', { exact: true }).fill('9');
    await page.getByLabel('Nga ora').fill('22:00');
    await page.getByLabel('Deri në orën').fill('06:00');
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    // 9 hours do not fit in 22:00–06:00: refused with the server's sentence, nothing stored.
    await expect(page.getByText('Orët nuk mund të jenë më shumë se koha nga fillimi deri në mbarim.')).toBeVisible();
    await page.getByRole('button', { name: '8', exact: true }).click();
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(page.getByText('U shtuan orët për 1 punëtor.')).toBeVisible();

    await page.goto('/kryepuntor/klista?date=2025-03-05');
    await rowOf(page, 'Roja Natës').getByRole('link', { name: 'Ndrysho Roja Natës' }).click();
    await expect(page.getByLabel('Nga ora (pa detyrim)')).toHaveValue('22:00');
    await expect(page.getByLabel('Deri në orën (pa detyrim)')).toHaveValue('06:00');
    await page.getByLabel('Orë', { exact: true }).fill('7,5');
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page).toHaveURL('/kryepuntor/klista?date=2025-03-05');
    await expect(rowOf(page, 'Roja Natës').getByRole('cell').nth(4)).toHaveText(/^7[.,]5$/);
  });

  test("another browser's hours list follows hours added, changed and deleted elsewhere, without reloading", async ({
    browser,
    page,
    request,
  }) => {
    const account = await openNewEmployer(page, request);
    const [zana] = await threeEmployees(page);
    await page.goto('/kryepuntor/klista?date=2025-03-03');
    await expect(page.getByText('Nuk ka orë për këtë datë.')).toBeVisible();
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);

    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      const login = await second.request.post('/auth/login', {
        data: { email: account.email, password: account.password, rememberMe: false },
        headers: { 'x-requested-with': 'puna' },
      });
      expect(login.ok()).toBe(true);
      // Another tab (another login of the same employer) adds, edits and deletes an entry.
      const [entry] = (await addHours(second, [{ worker_id: zana.id, data: '2025-03-03', ora: 7 }])).Result;
      await expect(rowOf(page, 'Zana Kuqi').getByRole('cell').nth(4)).toHaveText('7');
      const edited = await second.request.put(`/krye/edit_klista/${entry?.id}`, {
        data: { ora: 5 },
        headers: { 'x-requested-with': 'puna' },
      });
      expect(edited.ok()).toBe(true);
      await expect(rowOf(page, 'Zana Kuqi').getByRole('cell').nth(4)).toHaveText('5');
      const deleted = await second.request.delete(`/krye/delete_klista/${entry?.id}`, {
        headers: { 'x-requested-with': 'puna' },
      });
      expect(deleted.ok()).toBe(true);
      await expect(page.getByText('Nuk ka orë për këtë datë.')).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('events lost between server processes: the server says refresh, and the list catches up', async ({
    page,
    request,
  }) => {
    await openNewEmployer(page, request);
    const [zana] = await threeEmployees(page);
    // The socket passes through here; `hours_update` is dropped, as when the link between two
    // server processes was down (docs/operations.md#when-the-database-is-away).
    let toPage: ((message: string) => void) | undefined;
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (typeof message === 'string' && message.startsWith('42["hours_update"')) return;
        socket.send(message);
      });
      toPage = (message) => socket.send(message);
    });
    await page.goto('/kryepuntor/klista?date=2025-03-03');
    await expect(page.getByText('Nuk ka orë për këtë datë.')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

    await addHours(page, [{ worker_id: zana.id, data: '2025-03-03', ora: 6 }]);
    await page.waitForTimeout(500);
    await expect(page.getByText('Nuk ka orë për këtë datë.')).toBeVisible();
    // The process hears the others again and tells its sockets to refresh.
    toPage?.('42["refresh",null]');
    await expect(rowOf(page, 'Zana Kuqi').getByRole('cell').nth(4)).toHaveText('6');
  });

  test('holding Delete for a second deletes every entry of the day', async ({ page, request }) => {
    await openNewEmployer(page, request);
    const [zana, agon, mira] = await threeEmployees(page);
    const day = '2025-04-07';
    await addHours(
      page,
      [zana, agon, mira].map((employee) => ({ worker_id: employee.id, data: day, ora: 8 })),
    );
    await addHours(page, [{ worker_id: zana.id, data: '2025-04-08', ora: 7 }]);

    await page.goto(`/kryepuntor/klista?date=${day}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader')).toHaveCount(3);
    const button = page.getByRole('button', { name: 'Fshij', exact: true });
    await expect(button).toHaveAccessibleDescription(/mbajeni shtypur 1 sekondë/);

    // A short press is a click: with nothing selected it only says so.
    await button.click();
    await expect(page.getByText('Zgjidhni të paktën një regjistrim.')).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(3);

    // Held: the fill runs, and after a second the whole day is gone (no confirm).
    await button.hover();
    await page.mouse.down();
    await expect(button).toHaveAttribute('data-holding', 'true');
    await expect(page.getByText('3 regjistrime u fshinë.')).toBeVisible();
    await page.mouse.up();
    await expect(page.getByText('Nuk ka orë për këtë datë.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The next day is untouched.
    await page.getByLabel('Data').fill('2025-04-08');
    await expect(table.getByRole('rowheader')).toHaveText([/^Zana Kuqi/]);
  });

  test("the dashboard's list status follows today's list", async ({ page, request }) => {
    await openNewEmployer(page, request);
    const [, agon] = await threeEmployees(page);
    await page.goto('/kryepuntor');
    const status = page.getByRole('region', { name: 'Gjendja e listës' });
    await expect(status.getByText('3 punëtorë nuk janë shtuar në listë sot:')).toBeVisible();
    await expect(status.getByRole('listitem')).toHaveText(['Agon Berisha', 'Mira Deda', 'Zana Kuqi']);
    await expect(page.getByText('Punëtorë gjithsej = 3')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const today = todayIn('Europe/Tirane');
    await addHours(page, [{ worker_id: agon.id, data: today, ora: 8 }]);
    await page.reload();
    await expect(status.getByText('2 punëtorë nuk janë shtuar në listë sot:')).toBeVisible();
    await expect(status.getByRole('listitem')).toHaveText(['Mira Deda', 'Zana Kuqi']);

    // The card's link opens today's add page; adding the rest completes the list.
    await status.getByRole('link', { name: 'Shto në listë' }).click();
    await expect(page.getByLabel('Data')).toHaveValue(today);
    await page.getByRole('button', { name: 'Zgjidh të gjithë' }).click();
    await page.getByRole('button', { name: '9', exact: true }).click();
    await page.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(page.getByText('Nuk ka asnjë punëtor')).toBeVisible();
    await page.getByRole('link', { name: 'Paneli' }).click();
    await expect(status.getByText('Lista është kompletuar')).toBeVisible();
  });

  test('the list type: the header link and the hours list follow it; a lapsed plan is told why', async ({
    page,
    request,
  }) => {
    await openNewEmployer(page, request);
    const employerId = await employerIdOf(page);
    await setPlan(request, employerId, 'premium');
    await page.goto('/kryepuntor/premium/listatype');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zgjidh listën');
    await expect(page.getByText('Llogaritë Premium e kanë Listën RFID si listë të parazgjedhur')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Lista normale/ })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    // The month's pay under each list is read first: pay not yet compared asks before saving.
    const pays = page.getByTestId('month-pay');
    await expect(pays).toHaveText([/^Rrogat e .+: \D*0[.,]00\D*$/, /^Rrogat e .+: \D*0[.,]00\D*$/]);
    await page.getByRole('radio', { name: /Lista RFID/ }).check();
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page.getByText('Lloji i listës u ruajt.')).toBeVisible();

    // The header's list link follows the type, and the list is then the RFID list.
    const nav = page.getByRole('navigation', { name: 'Navigimi kryesor' });
    await nav.getByRole('link', { name: 'Lista RFID' }).click();
    await expect(page).toHaveURL('/kryepuntor/klista');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lista e RFID');
    await expect(page.getByText('Nuk u gjet asnjë punëtor për datën e zgjedhur')).toBeVisible();

    await page.goto('/kryepuntor/premium/listatype');
    await expect(pays).toHaveText([/^Rrogat e .+: \D*0[.,]00\D*$/, /^Rrogat e .+: \D*0[.,]00\D*$/]);
    await page.getByRole('radio', { name: /Lista normale/ }).check();
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page.getByText('Lloji i listës u ruajt.')).toBeVisible();
    await nav.getByRole('link', { name: 'Lista', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lista e orëve');

    // The plan ends while the page is open: the server refuses (403 premiumRequired) and the page
    // says why, with the way to Premium, instead of failing silently.
    await page.goto('/kryepuntor/premium/listatype');
    await expect(page.getByRole('radio')).toHaveCount(2);
    await setPlan(request, employerId, 'basic');
    await page.getByRole('radio', { name: /Lista RFID/ }).check();
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page.getByText('Kjo veçori është pjesë e Puna Premium.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Behu Premium' })).toHaveAttribute(
      'href',
      '/kryepuntor/premium',
    );
  });
});
