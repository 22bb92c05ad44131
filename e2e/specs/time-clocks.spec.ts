import {
  type APIRequestContext,
  type Dialog,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { todayIn } from '@puna/domain';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import {
  addEmployee,
  digitsOf,
  employerIdOf,
  expectNoHorizontalOverflow,
  openNewEmployer,
  setPlan,
} from '../support/workspace';

// Scan times are read in the employer's zone (Europe/Tirane by default); the browser's "today" too.
test.use({ timezoneId: 'Europe/Tirane' });

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };

type Device = { id: string; secret: string };

/** A premium employer on the RFID list type, logged in. */
async function openRfidEmployer(page: Page, request: APIRequestContext) {
  await openNewEmployer(page, request, 'Furra me Karta');
  const employerId = await employerIdOf(page);
  await setPlan(request, employerId, 'premium');
  const listType = await page.request.put(`/krye/employers/${employerId}/updateListaType`, {
    data: { listaType: 'rfid' },
    headers: appHeaders,
  });
  expect(listType.ok(), await listType.text()).toBe(true);
}

/** Registers a device through the Add device modal and reads the secret it shows once. */
async function addDeviceThroughUi(page: Page, deviceId: string, name: string): Promise<Device> {
  await page.getByRole('button', { name: 'Shto pajisje' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shto pajisje' });
  await dialog.getByRole('radio', { name: /Lexues Puna/ }).check();
  await dialog.getByLabel('ID e pajisjes').fill(deviceId);
  await dialog.getByLabel('Emri').fill(name);
  await dialog.getByRole('button', { name: 'Shto pajisjen' }).click();
  const created = page.getByRole('dialog', { name: 'Pajisja u shtua' });
  await expect(created.getByText('Ky sekret shfaqet vetëm tani.', { exact: false })).toBeVisible();
  await expect(created.getByRole('textbox', { name: 'Adresa e serverit' })).toHaveValue(BASE_URL);
  const secret = await created.getByRole('textbox', { name: 'Sekreti i pajisjes' }).inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await created.getByRole('button', { name: 'U krye' }).click();
  await expect(created).toBeHidden();
  return { id: deviceId, secret };
}

/** What a reader does: protocol v1 calls with its own credential, no browser session. */
async function deviceClient(device: Device) {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const headers = { authorization: `Device ${device.id}:${device.secret}` };
  return {
    async heartbeat(ssid: string) {
      const res = await context.post('/device/v1/heartbeat', { data: { ssid }, headers });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as { config: Record<string, unknown> | null };
    },
    async scan(scans: { seq: number; uid: string; ts: string }[]) {
      const res = await context.post('/device/v1/scans', { data: { scans }, headers });
      expect(res.ok(), await res.text()).toBe(true);
      expect(((await res.json()) as { accepted: number[] }).accepted).toEqual(scans.map((scan) => scan.seq));
    },
    dispose: () => context.dispose(),
  };
}

/** Answers the next browser prompts in turn (null: Cancel). */
function answerPrompts(page: Page, answers: (string | null)[]): { asked: string[] } {
  const asked: string[] = [];
  const handler = async (dialog: Dialog) => {
    asked.push(dialog.message());
    const answer = answers.shift();
    if (answers.length === 0) page.off('dialog', handler);
    if (answer === null || answer === undefined) await dialog.dismiss();
    else await dialog.accept(answer);
  };
  page.on('dialog', handler);
  return { asked };
}

function rowOf(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
}

const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

test.describe('time clocks', () => {
  test('a reader added on the Devices page feeds the RFID list live; corrections reach pay', async ({
    page,
    request,
  }) => {
    test.slow();
    await openRfidEmployer(page, request);
    await addEmployee(page, { name: 'Ana Gashi', wages: 'Orë', salary: 5 });
    await addEmployee(page, { name: 'Besa Krasniqi', wages: 'Orë', salary: 4 });

    // Ana's card through the employee edit modal.
    await page.goto('/kryepuntor/employee');
    await rowOf(page, 'Ana Gashi')
      .getByRole('button', { name: /Ndrysho/ })
      .click();
    const editEmployee = page.getByRole('dialog', { name: 'Ndrysho punëtorin' });
    await editEmployee.getByLabel('Karta RFID (opsionale)').fill('cafe01');
    await editEmployee.getByRole('button', { name: 'Ruaj ndryshimet' }).click();
    await expect(page.getByText('Ndryshimet u ruajtën.')).toBeVisible();

    // Devices: empty, then a reader added through the modal, offline until it speaks.
    await page.goto('/kryepuntor/devices');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pajisjet e lidhura');
    await expect(page.getByText('Nuk u gjet asnjë pajisje')).toBeVisible();
    const device = await addDeviceThroughUi(page, uniqueId('ESP'), 'Hyrja');
    const row = rowOf(page, 'Hyrja');
    await expect(row).toContainText(device.id);
    await expect(row).toContainText('Jashtë linje');
    await expect(row).toContainText('Asnjëherë');
    expect(await seriousViolations(page)).toEqual([]);

    // A heartbeat turns it Online without a reload (device_update).
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);
    const reader = await deviceClient(device);
    await reader.heartbeat('Zyra');
    await expect(row).toContainText('Në linjë');
    await expect(row).toContainText('Zyra');

    // The RFID list of a Monday (klista shows it for an RFID employer), empty at first.
    await page.goto('/kryepuntor/klista?date=2025-03-03');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lista e RFID');
    await expect(page.getByText('Nuk u gjet asnjë punëtor për datën e zgjedhur')).toBeVisible();
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);

    // Scans arrive: the list changes without a reload. 07:00Z is 08:00 in Tirane.
    await reader.scan([
      { seq: 1, uid: 'CAFE01', ts: '2025-03-03T07:00:00Z' },
      { seq: 2, uid: 'CAFE01', ts: '2025-03-03T15:30:00Z' },
    ]);
    await expect(rowOf(page, 'Ana Gashi')).toContainText('08:00 – 16:30');
    await expect(rowOf(page, 'Ana Gashi')).toContainText('03.03.2025 · E Hënë');
    await expect(rowOf(page, 'Ana Gashi')).toContainText(/8[.,]5/);

    // An unknown card appears live and is given to Besa; her one scan is a missing checkout.
    await reader.scan([{ seq: 3, uid: 'BEEF02', ts: '2025-03-03T06:45:00Z' }]);
    const unknown = page.getByRole('region', { name: 'Karta të panjohura' });
    const card = unknown.getByRole('form', { name: 'Karta BEEF02' });
    await expect(card).toContainText('1 skanim');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByLabel('Cakto te').selectOption({ label: 'Besa Krasniqi' });
    await card.getByRole('button', { name: 'Cakto' }).click();
    await expect(page.getByText('Karta iu caktua Besa Krasniqi.')).toBeVisible();
    await expect(unknown).toBeHidden();
    await expect(rowOf(page, 'Besa Krasniqi')).toContainText('07:45');
    await expect(rowOf(page, 'Besa Krasniqi')).toContainText('Mungon dalja');

    // The Cards tab lists both cards.
    await page.getByRole('tab', { name: 'Kartat' }).click();
    const cards = page.getByRole('tabpanel', { name: 'Kartat' });
    await expect(cards.getByRole('listitem').filter({ hasText: 'Ana Gashi' })).toContainText('CAFE01');
    await expect(cards.getByRole('listitem').filter({ hasText: 'Besa Krasniqi' })).toContainText('BEEF02');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Skanimet e ditës' }).click();

    // Edit Ana's first and last scan.
    await rowOf(page, 'Ana Gashi')
      .getByRole('button', { name: /Ndrysho/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Ndrysho skanimet' });
    await expect(edit.getByLabel('Emri')).toHaveValue('Ana Gashi');
    await expect(edit.getByLabel('Data')).toHaveValue('03.03.2025');
    await expect(edit.getByLabel('Dita')).toHaveValue('E Hënë');
    await expect(edit.getByLabel('Skanimi i parë')).toHaveValue('08:00');
    await expect(edit.getByLabel('Skanimi i fundit')).toHaveValue('16:30');
    await expect(edit.getByRole('button', { name: 'Fshij' })).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Mbyll' }).filter({ hasText: 'Mbyll' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // A last scan before the first is the next morning, but not 22.5 hours later: refused in the form.
    await edit.getByLabel('Skanimi i parë').fill('18:00');
    await edit.getByRole('button', { name: 'Ndrysho' }).click();
    await expect(
      edit.getByText(
        'Skanimi i fundit duhet të jetë pas të parit, ose të nesërmen në mëngjes, jo më shumë se 14 orë pas tij.',
      ),
    ).toBeVisible();
    await edit.getByLabel('Skanimi i parë').fill('08:00');
    await edit.getByLabel('Skanimi i fundit').fill('17:00');
    await edit.getByRole('button', { name: 'Ndrysho' }).click();
    await expect(page.getByText('Skanimet u ndryshuan.')).toBeVisible();
    await expect(rowOf(page, 'Ana Gashi')).toContainText('08:00 – 17:00');
    await expect(rowOf(page, 'Ana Gashi')).toContainText('Korrigjuar');

    // Besa's day is deleted from the list.
    await rowOf(page, 'Besa Krasniqi')
      .getByRole('button', { name: /Ndrysho/ })
      .click();
    const besa = page.getByRole('dialog', { name: 'Ndrysho skanimet' });
    await besa.getByRole('button', { name: 'Fshij' }).click();
    await besa.getByRole('button', { name: 'Po, fshije' }).click();
    await expect(page.getByText('Dita u hoq nga lista.')).toBeVisible();
    await expect(rowOf(page, 'Besa Krasniqi')).toHaveCount(0);

    // Pay counts Ana's corrected 9 hours at 5 € and Besa's deleted day as nothing.
    await page.goto('/kryepuntor/puntoret?month=2025-03');
    const anaPay = page.getByRole('article', { name: 'Ana Gashi' });
    await expect(anaPay.getByTestId('pay-hours')).toHaveText('9');
    expect(digitsOf(await anaPay.getByTestId('pay-amount').textContent())).toBe('4500');
    await expect(page.getByRole('article', { name: 'Besa Krasniqi' }).getByTestId('pay-hours')).toHaveText('0');
    await reader.dispose();
  });

  test('devices: rename and Wi-Fi through prompts, groups, removal', async ({ page, request }) => {
    test.slow();
    await openRfidEmployer(page, request);
    await page.goto('/kryepuntor/devices');
    const hyrja = await addDeviceThroughUi(page, uniqueId('ESP'), 'Hyrja');
    await addDeviceThroughUi(page, uniqueId('ESP'), 'Magazina');

    // Cancelled, empty and unchanged names do nothing.
    for (const answer of [null, '   ', 'Hyrja']) {
      const prompts = answerPrompts(page, [answer]);
      await rowOf(page, 'Hyrja').getByRole('button', { name: 'Riemërto Hyrja' }).click();
      await expect.poll(() => prompts.asked).toEqual(['Emri i ri i pajisjes:']);
    }
    await expect(page.getByText('Pajisja u përditësua')).toHaveCount(0);

    answerPrompts(page, ['Dalja']);
    await rowOf(page, 'Hyrja').getByRole('button', { name: 'Riemërto Hyrja' }).click();
    await expect(page.getByText('Pajisja u përditësua')).toBeVisible();
    await expect(rowOf(page, 'Dalja')).toContainText(hyrja.id);

    // Wi-Fi: SSID, then password; the reader gets both in its next heartbeat.
    const wifi = answerPrompts(page, ['Zyra-2', 'sekret-123']);
    await rowOf(page, 'Dalja').getByRole('button', { name: 'Ndrysho WiFi-n Dalja' }).click();
    await expect.poll(() => wifi.asked).toEqual(['SSID e re e WiFi:', 'Fjalëkalimi i ri i WiFi:']);
    await expect(page.getByText('Pajisja u përditësua').first()).toBeVisible();
    const reader = await deviceClient(hyrja);
    expect((await reader.heartbeat('Zyra')).config).toMatchObject({
      name: 'Dalja',
      ssid: 'Zyra-2',
      password: 'sekret-123',
    });
    await reader.dispose();

    // Groups: create with a clickable card, edit with checkboxes, delete.
    await page.goto('/kryepuntor/device/group');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grupet e pajisjeve');
    await expect(page.getByText('Menaxhoni grupet e pajisjeve tuaja')).toBeVisible();
    await page.getByRole('button', { name: 'Krijo grup të ri' }).click();
    const create = page.getByRole('dialog', { name: 'Krijo grup të ri' });
    await expect(create.getByLabel('Emri i grupit')).toHaveAttribute('placeholder', 'Shkruani një emër kuptimplotë');
    await create.getByRole('button', { name: 'Krijo grupin' }).click();
    await expect(create.getByText('Emri i grupit është i detyrueshëm.')).toBeVisible();
    await create.getByLabel('Emri i grupit').fill('Hyrjet');
    const dalja = create.getByRole('button', { name: /Dalja/ });
    await dalja.click();
    await expect(dalja).toHaveAttribute('aria-pressed', 'true');
    await expect(dalja).toContainText('Aktive');
    expect(await seriousViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Krijo grupin' }).click();
    await expect(page.getByText('Grupi u krijua')).toBeVisible();
    const group = page.getByRole('article', { name: 'Hyrjet' });
    await expect(group).toContainText('1 pajisje');
    await expect(group.getByRole('listitem')).toHaveText(['Dalja']);
    expect(await seriousViolations(page)).toEqual([]);

    await group.getByRole('button', { name: 'Ndrysho grupin Hyrjet' }).click();
    const edit = page.getByRole('dialog', { name: 'Ndrysho grupin' });
    await expect(edit.getByRole('checkbox', { name: /Dalja/ })).toBeChecked();
    await edit.getByLabel('Emri i grupit').fill('Hyrjet kryesore');
    await edit.getByRole('checkbox', { name: /Dalja/ }).uncheck();
    await edit.getByRole('checkbox', { name: /Magazina/ }).check();
    await edit.getByRole('button', { name: 'Ruaj ndryshimet' }).click();
    await expect(page.getByText('Grupi u përditësua')).toBeVisible();
    const renamed = page.getByRole('article', { name: 'Hyrjet kryesore' });
    await expect(renamed.getByRole('listitem')).toHaveText(['Magazina']);

    await renamed.getByRole('button', { name: 'Fshij grupin Hyrjet kryesore' }).click();
    const confirm = page.getByRole('dialog', { name: 'A jeni i sigurt që dëshironi ta fshini këtë grup?' });
    await confirm.getByRole('button', { name: 'Fshij', exact: true }).click();
    await expect(page.getByText('Grupi u fshi')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);

    // Removing a device: confirmed, then gone; the reader can no longer connect.
    await page.goto('/kryepuntor/devices');
    await rowOf(page, 'Dalja').getByRole('button', { name: 'Hiq Dalja' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hiq' }).click();
    await expect(page.getByText('Pajisja u hoq.')).toBeVisible();
    await expect(rowOf(page, 'Dalja')).toHaveCount(0);
    await expect(rowOf(page, 'Magazina')).toHaveCount(1);
  });

  test('a ZKTeco clock added on the Devices page waits for the punch with its confirmation ID', async ({
    page,
    request,
  }) => {
    await openRfidEmployer(page, request);
    await addEmployee(page, { name: 'Ana Gashi', wages: 'Orë', salary: 5 });
    await page.goto('/kryepuntor/devices');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pajisjet e lidhura');

    const serial = uniqueId('CKJP');
    await page.getByRole('button', { name: 'Shto pajisje' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shto pajisje' });
    await dialog.getByRole('radio', { name: /Orë ZKTeco/ }).check();
    await dialog.getByLabel('ID e pajisjes').fill(serial);
    await dialog.getByLabel('Emri').fill('Ora e hyrjes');
    await dialog.getByRole('button', { name: 'Shto pajisjen' }).click();
    const created = page.getByRole('dialog', { name: 'Pajisja u shtua' });
    const pin = await created.getByRole('textbox', { name: 'ID e konfirmimit' }).inputValue();
    expect(pin).toMatch(/^9\d{5}$/);
    await created.getByRole('button', { name: 'U krye' }).click();

    // Until someone at the clock punches with that ID, the row says what to do; the clock gets nothing.
    const waiting = page.getByRole('status').filter({ hasText: 'Pret konfirmimin.' });
    await expect(waiting).toContainText(`ID ${pin}`);
    const clock = await playwrightRequest.newContext({ baseURL: BASE_URL });
    expect(await (await clock.get(`/iclock/getrequest?SN=${serial}`)).text()).toBe('OK');
    const day = todayIn('Europe/Tirane');
    const refused = await clock.post(`/iclock/cdata?SN=${serial}&table=ATTLOG`, {
      data: `1\t${day} 07:58:00\t0\t1\n`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(refused.status()).toBe(403);

    // The confirmation punch (with the punch the clock kept) confirms it live, and Ana reaches the clock.
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);
    const confirmed = await clock.post(`/iclock/cdata?SN=${serial}&table=ATTLOG`, {
      data: `1\t${day} 07:58:00\t0\t1\n${pin}\t${day} 07:59:00\t0\t1\n`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(await confirmed.text()).toBe('OK:2');
    await expect(waiting).toHaveCount(0);
    expect(await (await clock.get(`/iclock/getrequest?SN=${serial}`)).text()).toMatch(
      /^C:\d+:DATA UPDATE USERINFO PIN=1\tName=Ana Gashi\tCard=$/,
    );

    // A line that cannot be a punch is answered OK (the clock moves on) and shown with its raw text.
    const bad = await clock.post(`/iclock/cdata?SN=${serial}&table=ATTLOG`, {
      data: '1\t2025-02-30 08:00:00\t0\t1\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect(await bad.text()).toBe('OK:1');
    await rowOf(page, 'Ora e hyrjes').getByRole('button', { name: 'Problemet Ora e hyrjes' }).click();
    const problems = page.getByRole('dialog', { name: 'Problemet e Ora e hyrjes' });
    await expect(problems.getByRole('heading', { name: 'Rreshta që nuk u morën' })).toBeVisible();
    await expect(problems).toContainText('2025-02-30 08:00:00');
    await expect(problems).toContainText('kjo datë ose orë nuk ekziston');
    // This clock takes several commands per poll.
    await problems.getByLabel('Urdhra për çdo kërkesë të orës').fill('3');
    await problems.getByRole('button', { name: 'Ruaj' }).click();
    await expect(problems.getByRole('status')).toHaveText('U ruajt.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(problems).toBeHidden();

    // The clock reports a user Puna does not know (PIN 44); the employer links it to Ana.
    const users = await clock.post(`/iclock/cdata?SN=${serial}&table=OPERLOG`, {
      data: 'USER PIN=44\tName=Ana G\tCard=\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect(await users.text()).toBe('OK:1');
    await rowOf(page, 'Ora e hyrjes').getByRole('button', { name: 'Përdoruesit e orës Ora e hyrjes' }).click();
    const clockUsers = page.getByRole('dialog', { name: 'Përdoruesit e Ora e hyrjes' });
    await expect(clockUsers).toContainText('PIN 44');
    await clockUsers.getByLabel('Punëtori për Ana G').selectOption({ label: 'Ana Gashi' });
    await clockUsers.getByRole('button', { name: 'Lidh PIN 44' }).click();
    await expect(clockUsers).toContainText('Lidhur me Ana Gashi');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A clock user who is nobody yet is added as a new employee, starting from the clock's name.
    await clock.post(`/iclock/cdata?SN=${serial}&table=OPERLOG`, {
      data: 'USER PIN=45\tName=Besa K\tCard=\n',
      headers: { 'content-type': 'text/plain' },
    });
    await rowOf(page, 'Ora e hyrjes').getByRole('button', { name: 'Përdoruesit e orës Ora e hyrjes' }).click();
    await clockUsers.getByRole('button', { name: 'Shto si punëtor PIN 45' }).click();
    const add = page.getByRole('dialog', { name: 'Shto punëtor' });
    await expect(add.getByLabel('Emri')).toHaveValue('Besa K');
    await add.getByLabel('Rroga').fill('4');
    await add.getByLabel('Roli').selectOption('Punëtor');
    await add.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText('PIN-i u lidh me punëtorin.').last()).toBeVisible();
    await rowOf(page, 'Ora e hyrjes').getByRole('button', { name: 'Përdoruesit e orës Ora e hyrjes' }).click();
    await expect(clockUsers).toContainText('Lidhur me Besa K');
    await page.keyboard.press('Escape');
    await clock.dispose();
  });

  test('a ZKTeco clock is asked to upload its whole log again', async ({ page, request }) => {
    await openRfidEmployer(page, request);
    const serial = uniqueId('CKJP');
    const registered = await page.request.post('/api/controllers', {
      data: { device_id: serial, name: 'Ora e hyrjes', protocol: 'zkteco' },
      headers: appHeaders,
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const { confirm_pin: confirmPin } = (await registered.json()).Result;
    // The clock uploads with a stamp (the punch with the confirmation PIN confirms it); its next
    // handshake asks only for newer punches.
    const clock = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const day = todayIn('Europe/Tirane');
    const upload = await clock.post(`/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=4242`, {
      data: `1\t${day} 08:00:00\t0\t1\n${confirmPin}\t${day} 08:01:00\t0\t1\n`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(await upload.text()).toBe('OK:2');
    const handshake = async () =>
      (await (await clock.get(`/iclock/cdata?SN=${serial}&options=all`)).text()).split('\n');
    expect(await handshake()).toContain('ATTLOGStamp=4242');

    await page.goto('/kryepuntor/devices');
    await rowOf(page, 'Ora e hyrjes').getByRole('button', { name: 'Ngarko gjithçka përsëri Ora e hyrjes' }).click();
    // The question and its answers in one language, in the app's own dialog.
    const ask = page.getByRole('dialog', { name: /T'i kërkohet Ora e hyrjes të ngarkojë përsëri/ });
    await expect(ask.getByRole('button', { name: 'Anulo' })).toBeVisible();
    await ask.getByRole('button', { name: 'Ngarko gjithçka përsëri' }).click();
    await expect(page.getByText('Ora do ta ngarkojë gjithë regjistrin në lidhjen e ardhshme.')).toBeVisible();
    expect(await handshake()).toContain('ATTLOGStamp=None');
    await clock.dispose();
  });

  test('on a 390 px phone: device cards, groups and the RFID list fit', async ({ page, request }) => {
    await openRfidEmployer(page, request);
    await addEmployee(page, { name: 'Ana Gashi', wages: 'Orë', salary: 5 });
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/kryepuntor/devices');
    const device = await addDeviceThroughUi(page, uniqueId('ESP'), 'Hyrja');
    // Cards instead of the table.
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByRole('listitem', { name: 'Hyrja' });
    await expect(card).toContainText(device.id);
    await expect(card).toContainText('Jashtë linje');
    await expect(card.getByRole('button', { name: 'Riemërto Hyrja' })).toBeVisible();
    // A ZKTeco clock waiting for confirmation: four actions and the notice still fit.
    // Its name is long and unbroken: the card and the clock's dialog wrap it.
    const longName = 'OraEHyrjesKryesoreNeMagazinenEQytetitTeVjeter';
    const clock = await page.request.post('/api/controllers', {
      data: { device_id: uniqueId('CKJP'), name: longName, protocol: 'zkteco' },
      headers: appHeaders,
    });
    expect(clock.status()).toBe(201);
    await page.reload();
    const clockCard = page.getByRole('listitem', { name: longName });
    await expect(clockCard.getByRole('status')).toContainText('Pret konfirmimin.');
    await expect(clockCard.getByRole('button', { name: `Problemet ${longName}` })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    expect(await seriousViolations(page)).toEqual([]);
    await clockCard.getByRole('button', { name: `Problemet ${longName}` }).click();
    const problems = page.getByRole('dialog', { name: `Problemet e ${longName}` });
    await expect(problems.getByRole('button', { name: 'Mbyll' })).toBeInViewport();
    expect(await problems.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto('/kryepuntor/device/group');
    await page.getByRole('button', { name: 'Krijo grup të ri' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: /Hyrja/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // The RFID list starts on today (the employer's zone), and a day with scans fits.
    await page.goto('/kryepuntor/listarfid');
    await expect(page.getByLabel('Data')).toHaveValue(todayIn('Europe/Tirane'));
    const reader = await deviceClient(device);
    await reader.scan([{ seq: 1, uid: 'CAFE01', ts: '2025-03-03T07:00:00Z' }]);
    await page.goto('/kryepuntor/listarfid?date=2025-03-03');
    await page.getByRole('tab', { name: 'Kartat' }).click();
    await page.getByLabel('Numri i kartës për Ana Gashi').fill('CAFE01');
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await expect(page.getByText('Karta e Ana Gashi u ruajt.')).toBeVisible();
    await page.getByRole('tab', { name: 'Skanimet e ditës' }).click();
    await expect(rowOf(page, 'Ana Gashi')).toContainText('Mungon dalja');
    await expectNoHorizontalOverflow(page);
    expect(await seriousViolations(page)).toEqual([]);
    await reader.dispose();
  });
});
