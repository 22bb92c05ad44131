import { expect, request as playwrightRequest, test } from '@playwright/test';
import { localClockOf } from '@puna/domain';
import { logInQuickly } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { openPage } from '../support/pages';
import {
  addEmployee,
  employerIdOf,
  expectNoHorizontalOverflow,
  openNewEmployer,
  setPlan,
  workerLogin,
} from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

const appHeaders = { 'x-requested-with': 'puna' };
const ZONE = 'Europe/Tirane';

/** The instant a wall-clock time on a date reads in Europe/Tirane. */
function instantAt(date: string, clock: string): Date {
  const guess = Date.parse(`${date}T${clock}:00Z`);
  const local = localClockOf(new Date(guess), ZONE);
  const wanted = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  return new Date(guess - (local.minutes - wanted) * 60_000);
}

/**
 * Missed punches (docs/product.md#missed-punches): a worker whose day has a scan in and no scan out
 * sends "I forgot to scan" from a 390 px phone, the employer approves it on a desktop, and the RFID
 * list shows the day with the corrected checkout.
 */
test('a worker sends "I forgot to scan" on a phone, the employer approves, the RFID list shows the time', async ({
  page,
  request,
  browser,
}) => {
  await openNewEmployer(page, request, 'Furra e Korrigjimeve');
  await setPlan(request, await employerIdOf(page), 'premium');
  const login = workerLogin();
  const employee = { name: 'Arta Berisha', wages: 'Orë' as const, salary: 4, role: 'Punëtor' };
  const arta = await addEmployee(page, { ...employee, ...login });
  const card = `0B${String(Date.now()).slice(-8)}`;
  const edit = await page.request.put(`/krye/edit_employee/${arta.id}`, {
    data: { ...employee, rfid: card },
    headers: appHeaders,
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  const deviceId = `CORR-${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/controllers', {
    data: { device_id: deviceId, name: 'Hyrja', protocol: 'puna' },
    headers: appHeaders,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { secret } = (await registered.json()).Result as { secret: string };
  // Yesterday: in at 08:00, never out.
  const yesterday = localClockOf(new Date(Date.now() - 24 * 60 * 60 * 1000), ZONE).date;
  const reader = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const sent = await reader.post('/device/v1/scans', {
    data: { scans: [{ seq: 1, uid: card, ts: instantAt(yesterday, '08:00').toISOString() }] },
    headers: { authorization: `Device ${deviceId}:${secret}` },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await reader.dispose();

  // The worker, on a phone.
  const phone = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    timezoneId: ZONE,
    locale: 'sq-AL',
    reducedMotion: 'reduce',
  });
  const workerPage = await phone.newPage();
  await logInQuickly(workerPage, login.email, login.password);
  await openPage(workerPage, '/datapuntoret');
  await workerPage.getByRole('link', { name: 'Korrigjimet' }).click();
  await expect(workerPage.getByRole('heading', { level: 1, name: 'Harrova të skanoj' })).toBeVisible();
  await workerPage.getByLabel('Data').fill(yesterday);
  await workerPage.getByText('Daljen', { exact: true }).click();
  await workerPage.getByLabel('Ora').fill('16:30');
  await workerPage.getByLabel('Shënim (pa detyrim)').fill('Harrova kartën në xhep');
  await workerPage.getByRole('button', { name: 'Dërgo kërkesën' }).click();
  await expect(workerPage.getByText("Kërkesa u dërgua. Punëdhënësi do t'ju përgjigjet.")).toBeVisible();
  const own = workerPage.getByTestId('own-correction');
  await expect(own).toHaveCount(1);
  await expect(own).toContainText('Dalje në 16:30');
  await expect(own).toContainText('Në pritje');
  await expectNoHorizontalOverflow(workerPage);
  expect(await seriousViolations(workerPage)).toEqual([]);

  // The employer, on a desktop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, '/kryepuntor/korrigjimet');
  const request1 = page.getByTestId('employer-correction').filter({ hasText: 'Arta Berisha' });
  await expect(request1).toContainText('Dalje në 16:30');
  await expect(request1).toContainText('Skanimet e ditës: 08:00 – …');
  await expect(request1).toContainText('Harrova kartën në xhep');
  expect(await seriousViolations(page)).toEqual([]);
  await request1.getByRole('button', { name: 'Prano' }).click();
  await expect(page.getByText('Kërkesa u pranua dhe dita u korrigjua.')).toBeVisible();

  // The RFID list shows the day with the checkout the worker asked for.
  await openPage(page, `/kryepuntor/listarfid?date=${yesterday}`);
  const row = page.getByRole('row').filter({ hasText: 'Arta Berisha' });
  await expect(row).toContainText('08:00');
  await expect(row).toContainText('16:30');
  await expect(row).toContainText('Korrigjuar me kërkesë');

  // The worker sees the answer.
  await workerPage.reload();
  await expect(workerPage.getByTestId('own-correction')).toContainText('Pranuar');
  await phone.close();
});
