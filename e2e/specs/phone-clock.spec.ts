import fs from 'node:fs';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { logInQuickly } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { foreignWordsIn } from '../support/language';
import { openPage } from '../support/pages';
import {
  addEmployee,
  addHours,
  employerIdOf,
  expectNoHorizontalOverflow,
  openNewEmployer,
  setPlan,
  workerLogin,
} from '../support/workspace';

/**
 * Issue 36, the phone as a clock (docs/product.md#phone-clock): the employer adds a workplace on
 * /kryepuntor/vendet and lets workers punch from their phones; a worker on a 390 px phone, with
 * Chromium's emulated position and fake camera, clocks in inside the workplace, is refused outside
 * it under 'refuse', is accepted and flagged under 'flag', and a punch made offline waits and is
 * sent when the phone is back; the employer sees each punch's origin, flag and photo on the RFID
 * list and accepts the flagged one. No map tiles: the build has no tile URL, nothing leaves loopback.
 */

const SHOTS = 'shots-phone-clock';
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
/** Tirana's Skanderbeg Square: the workplace's point. */
const SHOP = { latitude: 41.3275, longitude: 19.8187 };
/** About 20 m from the point: inside a 100 m fence. */
const INSIDE = { latitude: 41.32768, longitude: 19.8187, accuracy: 8 };
/** About 1.4 km north: outside the fence. */
const OUTSIDE = { latitude: 41.3401, longitude: 19.8187, accuracy: 8 };

/** Debian's Chromium as the config picks it, with a fake camera that needs no prompt. */
function chromiumPath(): string {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  return process.env.CHROMIUM_PATH || (fs.existsSync(shell) ? shell : '/usr/bin/chromium');
}

test.use({
  timezoneId: 'Europe/Tirane',
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function phoneOf(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: 'sq-AL',
    timezoneId: 'Europe/Tirane',
    reducedMotion: 'reduce',
    geolocation: INSIDE,
    permissions: ['geolocation', 'camera'],
  });
  return { context, page: await context.newPage() };
}

/** Takes the photo the card asks for and waits for the server's answer. */
async function punchWithPhoto(page: Page, label: 'Hyr' | 'Dil') {
  const card = page.getByTestId('phone-punch');
  await card.getByRole('button', { name: label, exact: true }).click();
  await expect(card.getByLabel('Kamera')).toBeVisible();
  // The fake camera's frames have come in once the video knows its size.
  await expect
    .poll(() => card.getByLabel('Kamera').evaluate((video: HTMLVideoElement) => video.videoWidth))
    .toBeGreaterThan(0);
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/krye/worker/me/punch') && response.request().method() === 'POST',
  );
  await card.getByRole('button', { name: label === 'Hyr' ? 'Bëj foton dhe hyr' : 'Bëj foton dhe dil' }).click();
  return answer;
}

test.describe('phone clock', () => {
  test('a workplace on the map, a worker clocks in from a phone inside and outside it, the employer reviews', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    await openNewEmployer(page, request, 'Furra Telefon');
    await setPlan(request, await employerIdOf(page), 'premium');
    const login = workerLogin();
    const ana = await addEmployee(page, { name: 'Ana Telefoni', wages: 'Orë', salary: 4, ...login });

    // The employer adds the workplace: no tiles, so the point is typed; the map still shows it.
    await page.setViewportSize(DESKTOP);
    await openPage(page, '/kryepuntor/vendet');
    await expect(page.getByRole('heading', { level: 1, name: 'Vendet e punës' })).toBeVisible();
    await page.getByRole('button', { name: 'Shto vend pune' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shto vend pune' });
    await dialog.getByLabel('Emri').fill('Dyqani Qendër');
    await dialog.getByLabel('Adresa (jo e detyrueshme)').fill('Sheshi Skënderbej 1, Tiranë');
    // A click on the map sets the point (the map opens on Tirana's centre).
    await dialog.locator('.leaflet-container').click();
    await expect(dialog.getByLabel('Gjerësia gjeografike')).toHaveValue(/^41\.3\d+$/);
    await expect(dialog.getByLabel('Gjatësia gjeografike')).toHaveValue(/^19\.8\d+$/);
    // So does this device's position.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 42.0693, longitude: 19.5126 });
    await dialog.getByRole('button', { name: 'Përdor vendndodhjen time' }).click();
    await expect(dialog.getByLabel('Gjerësia gjeografike')).toHaveValue('42.0693');
    await expect(dialog.getByLabel('Gjatësia gjeografike')).toHaveValue('19.5126');
    // A radius outside 25–2,000 m is refused before saving.
    await dialog.getByLabel('Gjerësia gjeografike').fill(String(SHOP.latitude));
    await dialog.getByLabel('Gjatësia gjeografike').fill(String(SHOP.longitude));
    await dialog.getByLabel('Rrezja (metra)').fill('10');
    await dialog.getByRole('button', { name: 'Ruaj' }).click();
    await expect(dialog.getByText('Rrezja duhet të jetë një numër i plotë nga 25 deri në 2000 metra')).toBeVisible();
    await dialog.getByLabel('Rrezja (metra)').fill('100');
    await expect(dialog.locator('.leaflet-container path.leaflet-interactive')).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/workplace-form-desktop.png` });
    await dialog.getByRole('button', { name: 'Ruaj' }).click();
    await expect(dialog).toBeHidden();
    const places = page.getByTestId('workplaces');
    await expect(places.getByRole('button', { name: 'Ndrysho Dyqani Qendër' })).toBeVisible();
    await expect(places.getByText('41.32750, 19.81870 · rrezja 100 m')).toBeVisible();

    // Phone punches on, with a photo, refused outside the workplaces.
    const settings = page.getByTestId('phone-clock-settings');
    await settings.getByLabel('Lejo hyrjen dhe daljen me telefon').check();
    await settings.getByLabel('Kërko një foto në çdo hyrje dhe dalje').check();
    await expect(settings.getByLabel('Refuzoje')).toBeChecked();
    await settings.getByRole('button', { name: 'Ruaj rregullat' }).click();
    await expect(page.getByText('Rregullat u ruajtën')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/workplaces-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/workplaces-phone.png`, fullPage: true });

    // The worker, on a phone at the shop: the nearest workplace, inside the fence, and 'Hyr'.
    const phone = await phoneOf(browser);
    const worker = phone.page;
    await logInQuickly(worker, login.email, login.password);
    await worker.goto('/datapuntoret');
    const card = worker.getByTestId('phone-punch');
    await expect(card.getByText('Nuk jeni në punë')).toBeVisible();
    await expect(card.getByTestId('phone-punch-place')).toContainText('Dyqani Qendër');
    await expect(card.getByTestId('phone-punch-place')).toContainText('brenda zonës');
    await expect(card.getByText('Në çdo hyrje dhe dalje bëhet një foto.')).toBeVisible();
    await worker.screenshot({ path: `${SHOTS}/worker-home-phone.png` });
    const clockIn = await punchWithPhoto(worker, 'Hyr');
    expect(clockIn.status(), await clockIn.text()).toBe(201);
    const sentPhoto = clockIn.request().postDataJSON() as { photo: string; id: string };
    // The photo is a JPEG the phone shrank to at most 200 KB.
    expect(Buffer.from(sentPhoto.photo, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(Buffer.from(sentPhoto.photo, 'base64').length).toBeLessThanOrEqual(200 * 1024);
    await expect(worker.getByText(/Hyrja u regjistrua në \d\d:\d\d · Dyqani Qendër/)).toBeVisible();
    await expect(card.getByText(/Në punë që nga \d\d:\d\d/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Dil', exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(worker);
    await worker.screenshot({ path: `${SHOTS}/worker-clocked-in-phone.png` });
    await worker.setViewportSize(DESKTOP);
    await worker.screenshot({ path: `${SHOTS}/worker-clocked-in-desktop.png` });
    await worker.setViewportSize(PHONE);

    // 1.4 km away under 'refuse': the server's sentence, and nothing recorded.
    await phone.context.setGeolocation(OUTSIDE);
    await worker.reload();
    await expect(card.getByTestId('phone-punch-place')).toContainText('jashtë zonës');
    const refused = await punchWithPhoto(worker, 'Dil');
    expect(refused.status()).toBe(422);
    await expect(card.getByTestId('phone-punch-refusal')).toContainText('Dyqani Qendër');
    await expect(card.getByRole('button', { name: 'Dil', exact: true })).toBeVisible();
    await worker.screenshot({ path: `${SHOTS}/worker-refused-phone.png` });

    // Under 'flag' the same punch is accepted and flagged.
    await page.setViewportSize(DESKTOP);
    await settings.getByLabel('Pranoje dhe shënoje').check();
    await settings.getByRole('button', { name: 'Ruaj rregullat' }).click();
    await expect(page.getByText('Rregullat u ruajtën').first()).toBeVisible();
    await worker.reload();
    const flagged = await punchWithPhoto(worker, 'Dil');
    expect(flagged.status(), await flagged.text()).toBe(201);
    expect(((await flagged.json()).Result.punch as { flags: string[] }).flags).toContain('outside');
    await expect(worker.getByText(/Dalja u regjistrua në \d\d:\d\d/)).toBeVisible();
    await expect(worker.getByText('Punëdhënësi do ta shohë: Jashtë zonës')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Hyr', exact: true })).toBeVisible();

    // Offline, a punch waits on the phone and goes when the phone is back online.
    await phone.context.setGeolocation(INSIDE);
    await worker.reload();
    await expect(card.getByTestId('phone-punch-place')).toContainText('brenda zonës');
    await phone.context.setOffline(true);
    await card.getByRole('button', { name: 'Hyr', exact: true }).click();
    await card.getByRole('button', { name: 'Bëj foton dhe hyr' }).click();
    await expect(card.getByTestId('phone-punch-waiting')).toHaveText('1 regjistrim pret të dërgohet');
    await expect(card.getByRole('button', { name: 'Dil', exact: true })).toBeVisible();
    await worker.screenshot({ path: `${SHOTS}/worker-offline-phone.png` });
    const resent = worker.waitForResponse(
      (response) => response.url().endsWith('/krye/worker/me/punch') && response.request().method() === 'POST',
    );
    await phone.context.setOffline(false);
    expect((await resent).status()).toBe(201);
    await expect(card.getByTestId('phone-punch-waiting')).toBeHidden();
    await expect(worker.getByText(/Hyrja u regjistrua në \d\d:\d\d · Dyqani Qendër/).first()).toBeVisible();

    // The employer's RFID list: the day's punches, each with its origin, the flag, and the photo.
    await openPage(page, '/kryepuntor/listarfid');
    const row = page.getByRole('row').filter({ hasText: 'Ana Telefoni' });
    await row.getByRole('button', { name: /Regjistrimet/ }).click();
    const punches = page.getByTestId('day-punches');
    await expect(punches.getByTestId('punch')).toHaveCount(3);
    await expect(punches.getByText('Telefon', { exact: true })).toHaveCount(3);
    const outside = punches.getByTestId('punch').filter({ hasText: 'Jashtë zonës' });
    await expect(outside).toHaveCount(1);
    const photo = outside.getByRole('img');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/review-desktop.png`, fullPage: true });
    await outside.getByRole('button', { name: /Prano/ }).click();
    await expect(page.getByText('Regjistrimi u pranua')).toBeVisible();
    await expect(outside.getByText('Pranuar')).toBeVisible();
    await expect(outside.getByRole('button', { name: /Prano/ })).toBeHidden();
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/review-phone.png`, fullPage: true });

    // The card in English, with no Albanian word but the data.
    await worker.evaluate(() => localStorage.setItem('puna.lang', 'en'));
    await worker.reload();
    await expect(card.getByRole('button', { name: 'Clock out', exact: true })).toBeVisible();
    await expect(card.getByText(/At work since \d\d:\d\d/)).toBeVisible();
    await expect(card.getByTestId('phone-punch-place')).toContainText('inside the area');
    expect(foreignWordsIn((await card.allInnerTexts()).join(' '), 'en', ['Dyqani Qendër'])).toEqual([]);
    await worker.screenshot({ path: `${SHOTS}/worker-english-phone.png` });
    await worker.evaluate(() => localStorage.setItem('puna.lang', 'sq'));

    // Another punch outside, flagged; the employer removes it (asked first), and the day keeps three.
    await phone.context.setGeolocation(OUTSIDE);
    await worker.reload();
    await expect(card.getByTestId('phone-punch-place')).toContainText('jashtë zonës');
    expect((await punchWithPhoto(worker, 'Dil')).status()).toBe(201);
    await page.setViewportSize(DESKTOP);
    await openPage(page, '/kryepuntor/listarfid');
    await page
      .getByRole('row')
      .filter({ hasText: 'Ana Telefoni' })
      .getByRole('button', { name: /Regjistrimet/ })
      .click();
    await expect(punches.getByTestId('punch')).toHaveCount(4);
    const second = punches.getByTestId('punch').filter({ has: page.getByRole('button', { name: /Hiq/ }) });
    await expect(second).toHaveCount(1);
    await second.getByRole('button', { name: /Hiq/ }).click();
    const ask = page.getByRole('dialog', { name: 'A jeni i sigurt që dëshironi ta hiqni këtë regjistrim?' });
    await ask.getByRole('button', { name: 'Hiq' }).click();
    await expect(page.getByText('Regjistrimi u hoq')).toBeVisible();
    await expect(punches.getByTestId('punch')).toHaveCount(3);

    // A day on the employee's hours page opens the same punches.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Tirane' }).format(new Date());
    await addHours(page, [{ worker_id: ana.id, data: today, ora: 8 }]);
    await page.setViewportSize(DESKTOP);
    await openPage(page, `/kryepuntor/oret/${ana.id}`);
    await page
      .getByRole('button', { name: /Regjistrimet/ })
      .first()
      .click();
    await expect(page.getByTestId('day-punches').getByTestId('punch')).toHaveCount(3);
    await page.screenshot({ path: `${SHOTS}/employee-day-desktop.png`, fullPage: true });

    // The employee's own rules, in the edit dialog.
    await page.setViewportSize(DESKTOP);
    await openPage(page, '/kryepuntor/employee');
    await page.getByRole('button', { name: /^Ndrysho\s+Ana Telefoni$/ }).click();
    const rules = page.getByTestId('employee-phone-clock');
    await expect(rules.getByLabel('Me telefon')).toHaveValue('');
    await expect(rules.getByLabel('Me telefon').locator('option').first()).toHaveText('Si kompania (Po)');
    await rules.getByLabel('Me telefon').selectOption('no');
    await rules.getByRole('button', { name: 'Ruaj rregullat e punëtorit' }).click();
    await expect(page.getByText('Rregullat e punëtorit u ruajtën')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/employee-rules-desktop.png` });
    // Now this worker sees no button.
    await worker.reload();
    await expect(worker.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(worker.getByTestId('phone-punch')).toHaveCount(0);
    await phone.context.close();
  });
});
