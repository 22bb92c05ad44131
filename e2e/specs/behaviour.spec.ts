import {
  type APIRequestContext,
  type Dialog,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { addDays, todayIn } from '@puna/domain';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import {
  addEmployee,
  addHours,
  employerIdOf,
  expectNoHorizontalOverflow,
  openNewEmployer,
  setPlan,
} from '../support/workspace';

// "Today" is the employer's (Europe/Tirane, the default zone) in the browser too.
test.use({ timezoneId: 'Europe/Tirane' });

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const TODAY = () => todayIn('Europe/Tirane');

async function premiumEmployer(page: Page, request: APIRequestContext, listaType: 'klista' | 'rfid' = 'klista') {
  await openNewEmployer(page, request);
  const employerId = await employerIdOf(page);
  await setPlan(request, employerId, 'premium');
  if (listaType === 'rfid') await setListType(page, employerId, 'rfid');
  return employerId;
}

async function setListType(page: Page, employerId: number, listaType: 'klista' | 'rfid') {
  const res = await page.request.put(`/krye/employers/${employerId}/updateListaType`, {
    data: { listaType },
    headers: appHeaders,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function listTypeOf(page: Page, employerId: number): Promise<string> {
  return ((await (await page.request.get(`/krye/employers/${employerId}/listaType`)).json()) as { listaType: string })
    .listaType;
}

/** A Puna reader registered through the API, and a client speaking its protocol. */
async function reader(page: Page) {
  const deviceId = `ESP-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const res = await page.request.post('/api/controllers', {
    data: { device_id: deviceId, name: 'Hyrja' },
    headers: appHeaders,
  });
  expect(res.status(), await res.text()).toBe(201);
  const { secret } = ((await res.json()) as { Result: { secret: string } }).Result;
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const headers = { authorization: `Device ${deviceId}:${secret}` };
  return {
    id: deviceId,
    async heartbeat(data: { ssid: string; ackConfigVersion?: number }) {
      const beat = await context.post('/device/v1/heartbeat', { data, headers });
      expect(beat.ok(), await beat.text()).toBe(true);
      return (await beat.json()) as { config: { version: number } | null };
    },
    async scan(scans: { seq: number; uid: string; ts: string }[]) {
      const sent = await context.post('/device/v1/scans', { data: { scans }, headers });
      expect(sent.ok(), await sent.text()).toBe(true);
    },
    dispose: () => context.dispose(),
  };
}

async function giveCard(page: Page, employee: { id: number; name: string }, rfid: string) {
  const res = await page.request.put(`/krye/edit_employee/${employee.id}`, {
    data: { name: employee.name, salary: 5, wages: 'Orë', role: 'Punëtor', schedule: 'null', rfid },
    headers: appHeaders,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

function answerPrompts(page: Page, answers: string[]) {
  const handler = async (dialog: Dialog) => {
    const answer = answers.shift();
    if (answers.length === 0) page.off('dialog', handler);
    await dialog.accept(answer);
  };
  page.on('dialog', handler);
}

async function dayEntries(page: Page, date: string) {
  const res = await page.request.get(`/krye/klista?date=${date}`);
  expect(res.ok()).toBe(true);
  const rows = ((await res.json()) as { Result: { id: number; worker_id: number; data: string; ora: number }[] })
    .Result;
  return rows.map(({ id, worker_id, data, ora }) => ({ id, worker_id, data, ora })).sort((a, b) => a.id - b.id);
}

test.describe('what a person expects: money, schedules, the dashboard, devices, today, undo', () => {
  test('switching the list type says what it does to this month’s pay and asks first; the pay page names its source', async ({
    page,
    request,
  }) => {
    const employerId = await premiumEmployer(page, request);
    const ana = await addEmployee(page, { name: 'Ana Gashi', wages: 'Orë', salary: 5 });
    // 8 entered hours this month and no scans: 40 € by the hours list, 0 € by the RFID list.
    await addHours(page, [{ worker_id: ana.id, data: TODAY(), ora: 8 }]);

    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto('/kryepuntor/premium/listatype');
      const rfid = page.getByRole('radio', { name: /Lista RFID/ });
      await expect(page.getByText(/Rroga llogaritet nga skanimet/)).toBeVisible();
      const pays = page.getByTestId('month-pay');
      await expect(pays).toHaveText([/^Rrogat e .+: \D*0[.,]00\D*$/, /^Rrogat e .+: \D*40[.,]00\D*$/]);
      await expectNoHorizontalOverflow(page);

      // Cancelling the question changes nothing.
      await rfid.check();
      await page.getByRole('button', { name: 'Ruaj' }).click();
      const ask = page.getByRole('dialog', { name: 'Ky ndryshim ndryshon rrogat e këtij muaji' });
      await expect(ask).toContainText(/tani: \D*40[.,]00\D*\. Me Lista RFID: \D*0[.,]00\D*\./);
      await expectNoHorizontalOverflow(page);
      expect(await seriousViolations(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Anulo' }).click();
      await expect(ask).toBeHidden();
      expect(await listTypeOf(page, employerId)).toBe('klista');
    }

    // Confirmed: saved, and the pay page says the pay now comes from the scans.
    await page.getByRole('radio', { name: /Lista RFID/ }).check();
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Po, ndrysho' }).click();
    await expect(page.getByText('Lloji i listës u ruajt.')).toBeVisible();
    expect(await listTypeOf(page, employerId)).toBe('rfid');
    await page.goto('/kryepuntor/puntoret');
    await expect(page.getByText(/e llogaritur nga skanimet e kartave/)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Ana Gashi' }).getByTestId('pay-amount')).toHaveText(
      /^\D*0[.,]00\D*$/,
    );

    // Back to the normal list (asked again), and the pay page names the entered hours.
    await page.goto('/kryepuntor/premium/listatype');
    await page.getByRole('radio', { name: /Lista normale/ }).check();
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page.getByRole('dialog')).toContainText(/tani: \D*0[.,]00\D*\. Me Lista normale: \D*40[.,]00\D*\./);
    await page.getByRole('dialog').getByRole('button', { name: 'Po, ndrysho' }).click();
    await expect(page.getByText('Lloji i listës u ruajt.')).toBeVisible();
    await page.goto('/kryepuntor/puntoret');
    await expect(page.getByText('e llogaritur nga orët e listës', { exact: false })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Ana Gashi' }).getByTestId('pay-amount')).toHaveText(
      /^\D*40[.,]00\D*$/,
    );
  });

  test('a ticked day gets times, a day without times or ending before it starts is marked on its row, a night shift round-trips', async ({
    page,
    request,
  }) => {
    await openNewEmployer(page, request);
    for (const [index, viewport] of WIDTHS.entries()) {
      await page.setViewportSize(viewport);
      await page.goto('/kryepuntor/employee');
      await page.getByRole('button', { name: 'Shto punëtor' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Shto punëtor' });
      const name = `Nata ${index}`;
      await dialog.getByLabel('Emri').fill(name);
      await dialog.getByLabel('Rroga').fill('5');
      await dialog.getByLabel('Roli').selectOption('Punëtor');
      await dialog.getByRole('button', { name: /Orari javor/ }).click();

      // Ticking Monday fills 08:00–16:00; Tuesday (not the same as Monday) gets times too.
      await dialog.getByRole('checkbox', { name: 'E Hënë' }).check();
      await expect(dialog.getByLabel('E Hënë: fillon')).toHaveValue('08:00');
      await expect(dialog.getByLabel('E Hënë: mbaron')).toHaveValue('16:00');
      // Monday is ticked, so ticking Tuesday asks first (the spec's question).
      await dialog.getByRole('checkbox', { name: 'E Martë' }).click();
      await page
        .getByRole('dialog', { name: 'A është i njëjti orar si dita e hënë?' })
        .getByRole('button', { name: 'Jo' })
        .click();
      await expect(dialog.getByLabel('E Martë: fillon')).toHaveValue('08:00');

      // A time taken away marks the row at once.
      const tuesday = dialog.getByTestId('schedule-tuesday');
      await dialog.getByLabel('E Martë: fillon').selectOption('');
      await expect(tuesday).toHaveAttribute('data-invalid', 'true');
      await expect(tuesday.getByText('E Martë: zgjidhni orën e fillimit dhe të mbarimit.')).toBeVisible();

      // 18:00 → 08:00 is not saved silently: the row asks whether it is a night shift.
      await dialog.getByLabel('E Martë: fillon').selectOption('18:00');
      await dialog.getByLabel('E Martë: mbaron').selectOption('08:00');
      await expect(tuesday.getByText(/mbarimi është para fillimit/)).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await dialog.getByRole('button', { name: 'Shto', exact: true }).click();
      await expect(dialog.getByText('Orari ka ditë për të rregulluar: shihni rreshtat e shënuar.')).toBeVisible();
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await tuesday.getByRole('checkbox', { name: /Turn nate: mbaron të nesërmen në 08:00/ }).check();
      await expect(tuesday).not.toHaveAttribute('data-invalid', 'true');
      await dialog.getByRole('button', { name: 'Shto', exact: true }).click();
      await expect(page.getByText('Punëtori u shtua.')).toBeVisible();

      // Stored as 18:00 → 08:00 and read back as a night shift.
      const employees = (await (await page.request.get('/krye/employee')).json()) as {
        Result: { name: string; schedule: unknown }[];
      };
      const saved = employees.Result.find((employee) => employee.name === name)?.schedule;
      const schedule = (typeof saved === 'string' ? JSON.parse(saved) : saved) as Record<string, unknown>;
      expect(schedule.tuesday).toEqual({ selected: true, startTime: '18:00', endTime: '08:00' });
      // Phones: the employee's card opens first.
      if (viewport.width < 768) await page.locator('button[aria-expanded]').filter({ hasText: name }).click();
      await page.getByRole('button', { name: `Ndrysho ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Ndrysho punëtorin' });
      await expect(edit.getByTestId('schedule-tuesday').getByRole('checkbox', { name: /Turn nate/ })).toBeChecked();
      await edit.getByRole('button', { name: 'Anulo' }).click();
    }
  });

  test('the dashboard: a first-steps card for a new employer, and a bar for every role', async ({ page, request }) => {
    await openNewEmployer(page, request);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto('/kryepuntor');
      await expect(page.getByRole('region', { name: 'Filloni këtu' })).toBeVisible();
      await expect(page.getByText('Lista është kompletuar')).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.getByRole('link', { name: 'Shto punëtorin e parë' }).click();
    await expect(page).toHaveURL('/kryepuntor/employee');
    await expect(page.getByRole('dialog', { name: 'Shto punëtor' })).toBeVisible();

    // The employer's own roles: every employee is counted in some bar.
    for (const role of ['Kamarier', 'Kuzhinier']) {
      const res = await page.request.post('/krye/employers/roles', { data: { role }, headers: appHeaders });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await addEmployee(page, { name: 'Arta', wages: 'Orë', salary: 4, role: 'Kamarier' });
    await addEmployee(page, { name: 'Blerta', wages: 'Orë', salary: 4, role: 'Kamarier' });
    await addEmployee(page, { name: 'Dritan', wages: 'Orë', salary: 4, role: 'Kuzhinier' });
    await addEmployee(page, { name: 'Erion', wages: 'Orë', salary: 4, role: 'Punëtor' });
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto('/kryepuntor');
      await expect(page.getByText('Punëtorë gjithsej = 4')).toBeVisible();
      const entries = page.getByTestId('chart-legend-entry');
      await expect(entries).toHaveText([/^Punëtorë\s*1$/, /^Mjeshtër\s*0$/, /^Kamarier\s*2$/, /^Kuzhinier\s*1$/]);
      await expect(page.getByRole('region', { name: 'Gjendja e listës' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
  });

  test('devices: a Wi-Fi change shows as pending until the reader confirms it', async ({ page, request }) => {
    await premiumEmployer(page, request);
    const device = await reader(page);
    await device.heartbeat({ ssid: 'Zyra' });
    await page.goto('/kryepuntor/devices');
    const row = page.getByRole('row').filter({ hasText: device.id });
    await expect(row).toContainText('Zyra');
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);
    answerPrompts(page, ['Zyra-2', 'sekret-123']);
    await row.getByRole('button', { name: 'Ndrysho WiFi-n Hyrja' }).click();
    await expect(row.getByTestId('pending-ssid')).toHaveText('Në pritje: Zyra-2');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(WIDTHS[1]);
    await expect(page.getByTestId('pending-ssid')).toHaveText('Në pritje: Zyra-2');
    await expectNoHorizontalOverflow(page);

    // The next heartbeat delivers it; the one after confirms it, and the page follows live.
    const { config } = await device.heartbeat({ ssid: 'Zyra' });
    expect(config).toMatchObject({ ssid: 'Zyra-2' });
    await device.heartbeat({ ssid: 'Zyra-2', ackConfigVersion: config?.version ?? 0 });
    await expect(page.getByTestId('pending-ssid')).toHaveCount(0);
    await expect(page.getByText('Zyra-2')).toBeVisible();
    await page.setViewportSize(WIDTHS[0]);
    await expect(page.getByRole('row').filter({ hasText: device.id })).toContainText('Zyra-2');
    await device.dispose();
  });

  test("the RFID list: today's single scan is 'at work since', a past one is a missing checkout", async ({
    page,
    request,
  }) => {
    await premiumEmployer(page, request, 'rfid');
    const ana = await addEmployee(page, { name: 'Ana Gashi', wages: 'Orë', salary: 5 });
    await giveCard(page, ana, 'CAFE01');
    const device = await reader(page);
    const scannedAt = new Date(Date.now() - 60_000);
    const yesterday = addDays(TODAY(), -1);
    await device.scan([
      { seq: 1, uid: 'CAFE01', ts: `${yesterday}T07:00:00Z` },
      { seq: 2, uid: 'CAFE01', ts: scannedAt.toISOString() },
    ]);
    await device.dispose();
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Tirane',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(scannedAt);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto('/kryepuntor/klista');
      const row = page.getByRole('row').filter({ hasText: 'Ana Gashi' });
      await expect(row).toContainText(`Në punë që nga ${time}`);
      await expect(row).not.toContainText('Mungon dalja');
      await expectNoHorizontalOverflow(page);
      await page.goto(`/kryepuntor/klista?date=${yesterday}`);
      await expect(page.getByRole('row').filter({ hasText: 'Ana Gashi' })).toContainText('Mungon dalja');
    }
  });

  test('holding Delete shows a filling ring; the day’s deletion can be undone for 10 s and leaving sends it', async ({
    page,
    request,
  }) => {
    test.slow();
    await openNewEmployer(page, request);
    const staff = [
      await addEmployee(page, { name: 'Zana Kuqi', wages: 'Orë', salary: 4 }),
      await addEmployee(page, { name: 'Agon Berisha', wages: 'Ditë', salary: 30 }),
    ];
    const day = '2025-04-07';
    await addHours(
      page,
      staff.map((employee, index) => ({ worker_id: employee.id, data: day, ora: 7.5 + index })),
    );
    const before = await dayEntries(page, day);
    expect(before).toHaveLength(2);

    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto(`/kryepuntor/klista?date=${day}`);
      await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(2);
      const button = page.getByRole('button', { name: 'Fshij', exact: true });
      await button.hover();
      await page.mouse.down();
      await expect(button.getByTestId('hold-ring')).toBeVisible();
      const undo = page.getByTestId('undo-delete');
      await expect(undo).toContainText('2 regjistrime u fshinë.');
      await page.mouse.up();
      await expect(page.getByText('Nuk ka orë për këtë datë.')).toBeVisible();
      await expect(undo).toBeInViewport();
      await expectNoHorizontalOverflow(page);
      // Nothing is gone yet; Undo brings back exactly the same entries.
      expect(await dayEntries(page, day)).toEqual(before);
      await undo.getByRole('button', { name: 'Zhbëj' }).click();
      await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(2);
      await expect(page.getByText('2 regjistrime u rikthyen.')).toBeVisible();
      expect(await dayEntries(page, day)).toEqual(before);
    }

    // Held again and left alone: after 10 s the day is deleted on the server.
    const button = page.getByRole('button', { name: 'Fshij', exact: true });
    await button.hover();
    await page.mouse.down();
    await expect(page.getByTestId('undo-delete')).toBeVisible();
    await page.mouse.up();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => dayEntries(page, day), { timeout: 15_000 }).toEqual([]);
    await expect(page.getByTestId('undo-delete')).toHaveCount(0);

    // Leaving the page before the 10 s (a full navigation, as closing it) sends the delete at once.
    await addHours(page, [{ worker_id: staff[0]?.id ?? 0, data: day, ora: 8 }]);
    await page.reload();
    await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(1);
    await button.hover();
    await page.mouse.down();
    await expect(page.getByTestId('undo-delete')).toBeVisible();
    await page.mouse.up();
    await page.goto('/kryepuntor/employee');
    await expect.poll(() => dayEntries(page, day), { timeout: 5_000 }).toEqual([]);
  });
});
