import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { createVerifiedEmployer, logInQuickly } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { addEmployee, employerIdOf, setPlan } from '../support/workspace';

const appHeaders = { 'x-requested-with': 'puna' };
const SHOTS = 'shots-kiosk-badges';
const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Debian's Chromium as the config picks it. */
function chromiumPath(): string {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  return process.env.CHROMIUM_PATH || (fs.existsSync(shell) ? shell : '/usr/bin/chromium');
}

/**
 * A Y4M video (4:2:0, grey: U and V at 128) of a QR code holding `text`, for Chromium's fake
 * camera: 640 × 480, the code 8 px a module in the middle, a few identical frames (the file loops).
 */
function qrVideo(text: string, file: string): void {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const cell = 8;
  const left = Math.floor((width - size * cell) / 2);
  const top = Math.floor((height - size * cell) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < cell; y += 1) {
        luma.fill(
          16,
          (top + row * cell + y) * width + left + col * cell,
          (top + row * cell + y) * width + left + (col + 1) * cell,
        );
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array(5).fill(frame)]));
}

/** The date of now in the employer's zone (Europe/Tirane, the app's default). */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tirane' }).format(new Date());
}

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
  await page.setViewportSize(TABLET);
}

async function typePin(page: Page, pin: string) {
  const pad = page.getByRole('region', { name: 'Ose shkruani PIN-in' });
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
  await pad.getByRole('button', { name: 'OK', exact: true }).click();
}

test('kiosk: a right and a wrong PIN, a QR badge read from the camera, a photo at the punch', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });

  // The employer: premium, Ana with a kiosk PIN, a kiosk device; the badge text from the API.
  const employerContext = await browser.newContext({ baseURL: BASE_URL, locale: 'sq-AL', viewport: DESKTOP });
  const employerPage = await employerContext.newPage();
  const account = await createVerifiedEmployer(request, 'Furra Kioskut');
  await logInQuickly(employerPage, account.email, account.password);
  await setPlan(request, await employerIdOf(employerPage), 'premium');
  const ana = await addEmployee(employerPage, { name: 'Ana Hoxha', wages: 'Orë', salary: 4, role: 'Punëtor' });
  const pinSet = await employerPage.request.put(`/krye/employees/${ana.id}/kiosk-pin`, {
    data: { pin: '4821' },
    headers: appHeaders,
  });
  expect(pinSet.ok(), await pinSet.text()).toBe(true);
  const badge = (
    (await (await employerPage.request.get(`/krye/employees/${ana.id}/kiosk`)).json()).Result as {
      badge: string;
    }
  ).badge;
  expect(badge).toMatch(/^PUNA1\./);
  const deviceId = `KIOSK-${randomUUID().slice(0, 8)}`;
  const registered = await employerPage.request.post('/api/controllers', {
    data: { device_id: deviceId, name: 'Tableti', protocol: 'kiosk' },
    headers: appHeaders,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { secret } = (await registered.json()).Result as { secret: string };

  // The employee's dialog: the kiosk PIN as set, the badge PDF to download, revoke.
  await employerPage.goto('/kryepuntor/employee');
  await employerPage.getByRole('button', { name: 'Ndrysho Ana Hoxha' }).click();
  const section = employerPage.getByRole('dialog', { name: 'Ndrysho punëtorin' }).getByTestId('employee-kiosk');
  await expect(section.getByLabel('PIN-i i kioskut')).toHaveValue('4821');
  await expect(section.getByRole('link', { name: 'Shkarko kartën QR (PDF)' })).toHaveAttribute(
    'href',
    `/krye/employees/${ana.id}/badge.pdf`,
  );
  await section.scrollIntoViewIfNeeded();
  await employerPage.screenshot({ path: `${SHOTS}/0-employee-desktop.png` });
  await employerPage.setViewportSize(PHONE);
  await section.scrollIntoViewIfNeeded();
  await employerPage.screenshot({ path: `${SHOTS}/0-employee-phone.png` });

  // The tablet: Chromium's fake camera shows Ana's badge.
  const video = path.join(os.tmpdir(), `puna-badge-${randomUUID()}.y4m`);
  qrVideo(badge, video);
  const tablet = await chromium.launch({
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
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await tablet.newContext({
      baseURL: BASE_URL,
      locale: 'sq-AL',
      viewport: TABLET,
      reducedMotion: 'reduce',
      permissions: ['camera'],
    });
    const page = await context.newPage();
    await page.goto('/kiosk');
    await page.getByLabel('ID e pajisjes').fill(deviceId);
    await page.getByLabel('Sekreti').fill(secret);
    await page.getByRole('button', { name: 'Çifto' }).click();
    await expect(page.getByText('Afroni kartën te lexuesi')).toBeVisible();
    await shoot(page, '1-idle');
    expect(await seriousViolations(page)).toEqual([]);

    const panel = page.locator('[data-feedback]');
    await typePin(page, '4821');
    await expect(panel).toHaveAttribute('data-feedback', 'known');
    await expect(panel.getByRole('heading')).toHaveText('Ana Hoxha');
    await shoot(page, '2-pin-known');

    await typePin(page, '1111');
    await expect(panel).toHaveAttribute('data-feedback', 'wrongPin');
    await expect(panel.getByRole('heading')).toHaveText('PIN i gabuar');
    await shoot(page, '3-pin-wrong');
    await expect(panel).toHaveCount(0, { timeout: 8000 });

    await page.getByRole('button', { name: 'Skano kartën QR' }).click();
    await expect(page.getByRole('dialog', { name: 'Afroni kartën QR te kamera' })).toBeVisible();
    await expect(panel).toHaveAttribute('data-feedback', 'known', { timeout: 15_000 });
    await expect(panel.getByRole('heading')).toHaveText('Ana Hoxha');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shoot(page, '4-badge-known');
    await expect(panel).toHaveCount(0, { timeout: 8000 });

    // Photos on (a setting of this kiosk): the next punch carries the camera's frame.
    await page.getByRole('button', { name: 'Foto: jo' }).click();
    await expect(page.getByRole('button', { name: 'Foto: po' })).toHaveAttribute('aria-pressed', 'true');
    const preview = page.getByLabel('Pamja e kamerës');
    await expect.poll(() => preview.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
    await shoot(page, '5-photo-on');
    expect(await seriousViolations(page)).toEqual([]);
    const sent = page.waitForRequest(
      (req) => req.url().endsWith('/device/v1/scans') && (req.postData() ?? '').includes('"photo"'),
    );
    await typePin(page, '4821');
    const body = JSON.parse((await sent).postData() ?? '{}') as { scans: { photo?: string }[] };
    const photo = Buffer.from(body.scans[0]?.photo ?? '', 'base64');
    expect(photo.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(photo.length).toBeLessThanOrEqual(200 * 1024);
    await expect(panel).toHaveAttribute('data-feedback', 'known');
    // The setting stays after a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Foto: po' })).toBeVisible();
    await context.close();
  } finally {
    await tablet.close();
    fs.rmSync(video, { force: true });
  }

  // The employer's view of Ana's day: three punches at the kiosk (PIN, badge, PIN with its photo).
  const punches = await employerPage.request.get(`/krye/punches?employee_id=${ana.id}&date=${today()}`);
  expect(punches.ok(), await punches.text()).toBe(true);
  const list = (await punches.json()).Result.punches as { origin: string; method: string; has_photo: boolean }[];
  expect(list.map((punch) => [punch.origin, punch.method, punch.has_photo])).toEqual([
    ['kiosk', 'pin', false],
    ['kiosk', 'badge', false],
    ['kiosk', 'pin', true],
  ]);
  await employerContext.close();
});
