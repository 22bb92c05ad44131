import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createVerifiedEmployer, logInQuickly } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { addEmployee, employerIdOf, setPlan } from '../support/workspace';

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };
const SHOTS = 'shots-kiosk';
const sizes = [
  ['phone', { width: 390, height: 844 }],
  ['tablet', { width: 1024, height: 768 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

type Kiosk = {
  deviceId: string;
  secret: string;
  ana: { id: number; card: string };
  employer: { email: string; password: string };
};

/** A premium employer with Ana (holding a card) and a kiosk device, all through the API. */
async function prepareEmployer(page: Page, request: APIRequestContext): Promise<Kiosk> {
  const account = await createVerifiedEmployer(request, 'Furra Kiosk');
  await logInQuickly(page, account.email, account.password);
  await setPlan(request, await employerIdOf(page), 'premium');
  const employee = { name: 'Ana Hoxha', wages: 'Orë' as const, salary: 4, role: 'Punëtor' };
  const ana = await addEmployee(page, employee);
  const card = `00${String(Date.now()).slice(-8)}`;
  const edit = await page.request.put(`/krye/edit_employee/${ana.id}`, {
    data: { ...employee, rfid: card },
    headers: appHeaders,
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  const deviceId = `KIOSK-${randomUUID().slice(0, 8)}`;
  const registered = await page.request.post('/api/controllers', {
    data: { device_id: deviceId, name: 'Hyrja (tablet)', protocol: 'kiosk' },
    headers: appHeaders,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { secret } = (await registered.json()).Result as { secret: string };
  return { deviceId, secret, ana: { id: ana.id, card }, employer: account };
}

/**
 * What a USB keyboard-wedge reader does: the card number's key presses in one burst, then Enter.
 * The burst is dispatched inside the page: Playwright's per-key round trips can leave gaps longer
 * than a reader's on a loaded machine, and the kiosk rightly ignores slow typing.
 */
async function scanCard(page: Page, uid: string) {
  const input = page.getByLabel('Lexuesi i kartave');
  await expect(input).toBeFocused();
  await input.evaluate(
    (element, keys) => {
      for (const key of keys) element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    },
    [...uid, 'Enter'],
  );
}

async function pair(page: Page, kiosk: Kiosk) {
  await page.goto('/kiosk');
  await expect(page.getByRole('heading', { name: 'Çifto këtë kiosk' })).toBeVisible();
  await page.getByLabel('ID e pajisjes').fill(kiosk.deviceId);
  await page.getByLabel('Sekreti').fill(kiosk.secret);
  await page.getByRole('button', { name: 'Çifto' }).click();
  await expect(page.getByText('Afroni kartën te lexuesi')).toBeVisible();
}

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of sizes) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
  await page.setViewportSize(sizes[1][1]);
}

test.describe
  .serial('browser kiosk', () => {
    let kiosk: Kiosk;

    test.beforeAll(async ({ browser, request }) => {
      const context = await browser.newContext({ baseURL: BASE_URL, locale: 'sq-AL' });
      kiosk = await prepareEmployer(await context.newPage(), request);
      await context.close();
    });

    test('refuses a wrong secret when pairing', async ({ page }) => {
      await page.goto('/kiosk');
      await page.getByLabel('ID e pajisjes').fill(kiosk.deviceId);
      await page.getByLabel('Sekreti').fill('not-the-secret');
      await page.getByRole('button', { name: 'Çifto' }).click();
      await expect(page.getByRole('alert')).toHaveText('ID e pajisjes ose sekreti është i gabuar.');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("pairs, shows a worker's name for a card and 'unknown card' for another; hand typing makes no scan", async ({
      page,
    }) => {
      await page.setViewportSize(sizes[1][1]);
      await page.goto('/kiosk');
      await expect(page.getByRole('heading', { name: 'Çifto këtë kiosk' })).toBeVisible();
      await shoot(page, '1-pairing');
      await pair(page, kiosk);
      await shoot(page, '2-idle');
      expect(await seriousViolations(page)).toEqual([]);

      await scanCard(page, kiosk.ana.card);
      const panel = page.locator('[data-feedback]');
      await expect(panel).toHaveAttribute('data-feedback', 'known');
      await expect(panel.getByRole('heading')).toHaveText('Ana Hoxha');
      await expect(panel).toContainText(/Ora \d{2}:\d{2}/);
      await shoot(page, '3-known');

      await scanCard(page, 'DEADBEEF01');
      await expect(panel).toHaveAttribute('data-feedback', 'unknown');
      await expect(panel.getByRole('heading')).toHaveText('Kartë e panjohur');
      await shoot(page, '4-unknown');

      // A person pressing keys one by one is not a card reader.
      await page.keyboard.type('12345678\n', { delay: 150 });
      await page.waitForTimeout(300);
      await expect(panel).toHaveAttribute('data-feedback', 'unknown');

      // Paired once: a reload (or a power cut) comes back to the clock, not to the form.
      await page.reload();
      await expect(page.getByText('Afroni kartën te lexuesi')).toBeVisible();
    });

    test('keeps scans while offline and sends them once, in order, when the network returns', async ({
      page,
      context,
      browser,
    }) => {
      await pair(page, kiosk);
      await context.setOffline(true);
      const panel = page.locator('[data-feedback]');
      const status = page.getByTestId('kiosk-status');
      await scanCard(page, kiosk.ana.card);
      await expect(panel.getByRole('heading')).toHaveText('U ruajt, do të dërgohet');
      await expect(status).toContainText('1 në pritje');
      await page.waitForTimeout(1100); // the two offline scans a second apart
      await scanCard(page, kiosk.ana.card);
      await expect(status).toContainText('Jashtë linje');
      await expect(status).toContainText('2 në pritje');
      await shoot(page, '5-offline');

      await context.setOffline(false);
      await expect(status).toHaveText('Në linjë');

      // The employer's RFID API: Ana's scans are the online one and the two offline ones, once each.
      const employer = await browser.newContext({ baseURL: BASE_URL });
      const employerPage = await employer.newPage();
      await logInQuickly(employerPage, kiosk.employer.email, kiosk.employer.password);
      const scans = await (await employerPage.request.get(`/krye/rfid_data?rfid_worker_id=${kiosk.ana.id}`)).json();
      const times = (scans.Result as { date: string; time: string }[]).map((scan) => `${scan.date} ${scan.time}`);
      expect(times).toHaveLength(3);
      expect([...times].sort()).toEqual(times);
      expect(new Set(times.slice(1)).size).toBe(2);
      const unknown = await (await employerPage.request.get('/krye/rfid/unknown')).json();
      expect(unknown.Result).toEqual([expect.objectContaining({ uid: 'DEADBEEF01', scans: 1 })]);
      await employer.close();
    });

    test('unpairs only after a confirmation', async ({ page }) => {
      await pair(page, kiosk);
      await page.getByRole('button', { name: 'Shkëput kioskun' }).click();
      const dialog = page.getByRole('dialog', { name: 'Të shkëputet ky kiosk?' });
      await dialog.getByRole('button', { name: 'Anulo' }).click();
      await expect(page.getByText('Afroni kartën te lexuesi')).toBeVisible();
      await expect(page.getByLabel('Lexuesi i kartave')).toBeFocused();
      await page.getByRole('button', { name: 'Shkëput kioskun' }).click();
      await dialog.getByRole('button', { name: 'Shkëput' }).click();
      await expect(page.getByRole('heading', { name: 'Çifto këtë kiosk' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Çifto këtë kiosk' })).toBeVisible();
    });
  });
