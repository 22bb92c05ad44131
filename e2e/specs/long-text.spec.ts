import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Locator, type Page, request as playwrightRequest, test } from '@playwright/test';
import {
  CORRECTION_NOTE_MAX,
  LEAVE_NOTE_MAX,
  LEAVE_TYPE_NAME_MAX,
  SCHEDULE_DAYS,
  type TSchedule,
  todayIn,
} from '@puna/domain';
import { logInQuickly, PASSWORD, uniqueEmail } from '../support/accounts';
import { logInAsAdmin, SEARCH_PLACEHOLDER, searchEmployers, signUpEmployer } from '../support/admin';
import { VIEWPORTS } from '../support/axe';
import { BASE_URL } from '../support/env';
import { LayoutReport, LONG_LINK, phrase, unbroken } from '../support/layout';
import { requestsSettled } from '../support/pages';
import { addEmployee, addHours, employerIdOf, openNewEmployer, setPlan } from '../support/workspace';

// The browser's "today" is the employer's (Europe/Tirane, the default zone).
test.use({ timezoneId: 'Europe/Tirane' });

const appHeaders = { 'x-requested-with': 'puna' };

/** As long as the domain lets each be: names 100 (of 120), roles 60, group and device names 80. */
const COMPANY = unbroken('FurraEFshatitTëMadhe', 100);
const NAME = unbroken('Shpëtimtari', 100);
const SPACED_NAME = phrase('Arbëreshë Kastrioti Skënderbeu i Madh', 100);
const ROLE = unbroken('Përgjegjësi', 60);
const GROUP = unbroken('TurniINatës', 80);
const DEVICE = unbroken('LexuesiIHyrjes', 80);
const WORD = unbroken('Mirëmëngjesi', 100);
const LEAVE_TYPE = unbroken('PushimiIMartesës', LEAVE_TYPE_NAME_MAX);
const LEAVE_NOTE = unbroken('DasmaEVëllait', LEAVE_NOTE_MAX);
const CORRECTION_NOTE = unbroken('HarovaKartën', CORRECTION_NOTE_MAX);
const SHORT_NAME = 'Arta Hoxha';
/** Monday to Saturday 08:00–16:00: the edit dialog opens with the week shown, its tallest state. */
const WEEK = Object.fromEntries(
  SCHEDULE_DAYS.map((day) => [day, { selected: day !== 'sunday', startTime: '08:00', endTime: '16:00' }]),
) as TSchedule;
/** A day with no hours entries (the add page lists everyone there). */
const EMPTY_DAY = '2025-01-15';

type Setup = {
  today: string;
  long: { id: number; email: string };
  spaced: { id: number; email: string };
  groupChatId: number;
};

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data, headers: appHeaders });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A premium employer whose every name is as long as allowed: employees, a role, a device and its
 * group, a group chat, today's hours and scans. All through the API.
 */
async function longWorkspace(page: Page, request: Parameters<typeof openNewEmployer>[1]): Promise<Setup> {
  await openNewEmployer(page, request, COMPANY);
  await setPlan(request, await employerIdOf(page), 'premium');
  await post(page, '/krye/employers/roles', { role: ROLE });
  const long = { email: uniqueEmail('long'), password: PASSWORD };
  const spaced = { email: uniqueEmail('spaced'), password: PASSWORD };
  const longEmployee = await addEmployee(page, {
    name: NAME,
    wages: 'Ditë',
    salary: 30,
    role: ROLE,
    schedule: WEEK,
    ...long,
  });
  const spacedEmployee = await addEmployee(page, { name: SPACED_NAME, wages: 'Orë', salary: 5, role: ROLE, ...spaced });
  const short = await addEmployee(page, { name: SHORT_NAME, wages: 'Orë', salary: 5 });
  const today = todayIn('Europe/Tirane');
  await addHours(
    page,
    [longEmployee, spacedEmployee, short].map((employee) => ({ worker_id: employee.id, data: today, ora: 8 })),
  );

  // Device ids are unique across employers: a retry (a new employer on the same server) needs its own.
  const deviceId = `LONG-READER-${randomUUID().slice(0, 8).toUpperCase()}`;
  const device = await post<{ Result: { secret: string } }>(page, '/api/controllers', {
    device_id: deviceId,
    name: DEVICE,
    protocol: 'puna',
  });
  await post(page, '/api/group-devices', { name: GROUP, devices: [{ device_id: deviceId, name: DEVICE }] });
  await post(page, '/krye/rfid/assign', { uid: 'CAFE0001', employeeId: longEmployee.id });
  const scans = await page.request.post(`${BASE_URL}/device/v1/scans`, {
    data: {
      scans: [
        { seq: 1, uid: 'CAFE0001', ts: `${today}T06:00:00Z` },
        { seq: 2, uid: 'CAFE0001', ts: `${today}T14:30:00Z` },
        { seq: 3, uid: unbroken('FACE', 64), ts: `${today}T06:10:00Z` },
      ],
    },
    headers: { authorization: `Device ${deviceId}:${device.Result.secret}` },
  });
  expect(scans.ok(), await scans.text()).toBe(true);

  const members = [
    { id: longEmployee.id, name: NAME, userType: 'worker' },
    { id: spacedEmployee.id, name: SPACED_NAME, userType: 'worker' },
  ];
  const chat = await post<{ Result: { id: number } }>(page, '/chat/chats', { type: 'group', name: GROUP, members });

  // Last wave's screens: a leave type, leave asked and recorded, a missed scan, a closed month.
  const leaveType = await post<{ Result: { id: number } }>(page, '/krye/leave-types', {
    name: LEAVE_TYPE,
    paid: true,
    needs_approval: true,
  });
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const lastMonth = iso(new Date(Date.UTC(year, month - 2, 10))).slice(0, 7);
  await addHours(page, [{ worker_id: longEmployee.id, data: `${lastMonth}-10`, ora: 8 }]);
  const rules = await page.request.put('/krye/labour-settings', {
    data: { apply_labour_rules: true },
    headers: appHeaders,
  });
  expect(rules.ok(), await rules.text()).toBe(true);
  await post(page, `/krye/months/${lastMonth}/close`, { acknowledge_exceptions: true });
  // A week each, so that it holds working days whatever today is.
  const inDays = (days: number) => iso(new Date(Date.UTC(year, month - 1, day + days)));
  await post(page, '/krye/leave', {
    employee_id: spacedEmployee.id,
    from: today,
    to: inDays(6),
    type: leaveType.Result.id,
    note: LEAVE_NOTE,
  });
  const worker = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await worker.post('/auth/login', {
    data: { email: long.email, password: PASSWORD, rememberMe: false },
    headers: appHeaders,
  });
  expect(login.ok(), await login.text()).toBe(true);
  const asked = await worker.post('/krye/worker/me/leave', {
    data: { from: inDays(7), to: inDays(13), type: leaveType.Result.id, note: LEAVE_NOTE },
    headers: appHeaders,
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  // A missed scan on the month's first day (today, on the 1st).
  const missed = await worker.post('/krye/worker/me/corrections', {
    data: { date: `${today.slice(0, 8)}01`, kind: 'in', time: '08:00', note: CORRECTION_NOTE },
    headers: appHeaders,
  });
  expect(missed.ok(), await missed.text()).toBe(true);
  await worker.dispose();
  return {
    today,
    long: { id: longEmployee.id, email: long.email },
    spaced: { id: spacedEmployee.id, email: spaced.email },
    groupChatId: chat.Result.id,
  };
}

/**
 * Opens a screen and waits for its title, for `ready` (a text of the long data it shows) and for
 * no part of it to be loading. Inside the app it moves as the app's own links do, without
 * reloading (the router follows the history), which keeps this walk over ~40 screens quick.
 */
async function open(page: Page, path: string, ready?: string): Promise<void> {
  if (page.url().startsWith(BASE_URL)) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(path);
  }
  await expect(page).toHaveURL(new URL(path, BASE_URL).href);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (ready) await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

/** The header's Logout (and on phones the menu button) are in view. */
async function headerControls(page: Page, report: LayoutReport, where: string): Promise<void> {
  const banner = page.getByRole('banner');
  await report.inView(banner.getByRole('button', { name: 'Dil', exact: true }), `${where}: Logout`);
  if (isPhone(page)) await report.inView(banner.getByRole('button', { name: 'Hap menunë' }), `${where}: menu button`);
}

/** On a phone the bottom tab bar is wholly in the window (not pushed out by a wide page). */
async function tabBar(page: Page, report: LayoutReport, where: string): Promise<void> {
  if (isPhone(page)) {
    await report.inView(page.getByRole('navigation', { name: 'Seksionet' }), `${where}: tab bar`, { fold: true });
  }
}

async function allButtonsInView(scope: Locator, report: LayoutReport, where: string): Promise<void> {
  const buttons = await scope.getByRole('button').all();
  if (buttons.length === 0) report.note(where, 'no buttons found');
  for (const [index, button] of buttons.entries()) await report.inView(button, `${where}: button ${index + 1}`);
}

/** Every bubble is at most 70 % of the message log wide, and drawn inside it. */
async function bubblesFit(conversation: Locator, report: LayoutReport, where: string): Promise<void> {
  const problems = await conversation.getByRole('log').evaluate((log) => {
    const width = log.clientWidth;
    return Array.from(log.querySelectorAll('[data-testid="message"] > div'))
      .map((bubble) => bubble.getBoundingClientRect())
      .filter((box) => box.width > width * 0.7 + 1 || box.right > log.getBoundingClientRect().right + 1)
      .map((box) => `a bubble ${Math.round(box.width)} px wide in a ${width} px log`);
  });
  for (const problem of problems) report.note(where, problem);
}

async function employerScreens(page: Page, report: LayoutReport, setup: Setup): Promise<void> {
  const phone = isPhone(page);
  const where = (screen: string) => screen;

  await open(page, '/kryepuntor');
  await report.pageFits(where('dashboard'));
  await headerControls(page, report, 'dashboard');

  // Employees: the table on a desktop, expandable cards on a phone; the roles manager.
  await open(page, '/kryepuntor/employee', NAME);
  await report.pageFits('employees');
  if (phone) {
    await page.getByRole('button', { name: new RegExp(NAME.slice(0, 30)) }).click();
    const card = page.getByRole('listitem').filter({ hasText: NAME });
    await report.inView(card.getByRole('button', { name: /^Ndrysho/ }), 'employee card: Edit');
    await report.inView(card.getByRole('button', { name: /^Fshij/ }), 'employee card: Delete');
  } else {
    const row = page.getByRole('row').filter({ hasText: NAME });
    await report.inView(row.getByRole('button', { name: /^Ndrysho/ }), 'employee table: Edit');
    await report.inView(row.getByRole('button', { name: /^Fshij/ }), 'employee table: Delete');
    const pill = row.getByText(ROLE, { exact: true });
    const height = (await pill.boundingBox())?.height ?? 0;
    if (height > 30) report.note('employee table: role pill', `${Math.round(height)} px tall (more than one line)`);
    if ((await pill.getAttribute('title')) !== ROLE)
      report.note('employee table: role pill', 'no title with the whole role');
  }
  await headerControls(page, report, 'employees');
  await page.getByRole('button', { name: 'Menaxho rolet' }).click();
  const roles = page.getByRole('dialog', { name: 'Menaxho rolet' });
  await report.boxInWindow(roles, 'roles manager');
  await report.inView(roles.getByRole('button', { name: `Fshij rolin ${ROLE}` }), 'roles manager: delete');
  await report.inView(roles.getByRole('button', { name: `Ndrysho rolin ${ROLE}` }), 'roles manager: edit');
  await report.pageFits('roles manager');
  await roles.getByRole('button', { name: `Ndrysho rolin ${ROLE}` }).click();
  await report.inView(roles.getByRole('button', { name: 'Ruaj' }), 'roles manager: rename Ruaj');
  await page.keyboard.press('Escape');

  // Edit employee: on a 1280 × 800 screen Save is in view without scrolling the dialog.
  if (phone)
    await page
      .getByRole('listitem')
      .filter({ hasText: NAME })
      .getByRole('button', { name: /^Ndrysho/ })
      .click();
  else
    await page
      .getByRole('row')
      .filter({ hasText: NAME })
      .getByRole('button', { name: /^Ndrysho/ })
      .click();
  const edit = page.getByRole('dialog', { name: 'Ndrysho punëtorin' });
  await expect(edit.getByLabel('Emri')).toHaveValue(NAME);
  await report.boxInWindow(edit, 'edit employee');
  await report.inView(edit.getByRole('button', { name: 'Ruaj ndryshimet' }), 'edit employee: Save', { fold: true });
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // Delete asks with the whole name in the question, inside the dialog.
  const scope = phone
    ? page.getByRole('listitem').filter({ hasText: NAME })
    : page.getByRole('row').filter({ hasText: NAME });
  await scope.getByRole('button', { name: /^Fshij/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: NAME });
  await report.boxInWindow(confirm, 'delete employee');
  await allButtonsInView(confirm, report, 'delete employee');
  await page.keyboard.press('Escape');

  // Today's hours list: each row's Edit and Delete; bulk Delete looks inactive until a row is chosen.
  await open(page, `/kryepuntor/klista?date=${setup.today}`, SHORT_NAME);
  await report.pageFits('hours list');
  for (const name of [NAME, SPACED_NAME]) {
    const row = page.getByRole('row').filter({ hasText: name });
    await report.inView(row.getByRole('link', { name: /^Ndrysho/ }), 'hours list: Edit');
    await report.inView(row.getByRole('button', { name: /^Fshij/ }), 'hours list: Delete');
  }
  const bulk = page.getByRole('button', { name: 'Fshij', exact: true });
  const idle = await bulk.evaluate((button) => getComputedStyle(button).backgroundColor);
  await page.getByRole('checkbox', { name: `Zgjidh ${SHORT_NAME}` }).check();
  const armed = await bulk.evaluate((button) => getComputedStyle(button).backgroundColor);
  if (idle === armed) report.note('hours list: bulk Delete', `looks the same (${idle}) with nothing selected`);
  await page.getByRole('checkbox', { name: `Zgjidh ${SHORT_NAME}` }).uncheck();

  // Add hours: Zgjidh të gjithë, the quick buttons and Add stay in view.
  await open(page, `/kryepuntor/add_klista?date=${EMPTY_DAY}`, SHORT_NAME);
  await report.pageFits('add hours');
  await report.inView(page.getByRole('button', { name: 'Zgjidh të gjithë' }), 'add hours: Zgjidh të gjithë');
  for (const quick of ['8', '9', '0']) {
    await report.inView(page.getByRole('button', { name: quick, exact: true }), `add hours: ${quick}`);
  }
  await report.inView(page.getByRole('button', { name: 'Shto', exact: true }), 'add hours: Shto');
  await report.inView(page.getByRole('link', { name: 'Mbyll', exact: true }), 'add hours: Close');

  // Pay: the cards fit, and on a desktop row every 'Shiko detajet' sits at the same height.
  await open(page, '/kryepuntor/puntoret', SHORT_NAME);
  await report.pageFits('pay');
  const details = page.getByRole('button', { name: /^Shiko detajet/ });
  await expect(details).toHaveCount(3);
  for (const button of await details.all()) await report.inView(button, 'pay: Shiko detajet');
  if (!phone) {
    const tops = await details.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    if (new Set(tops).size !== 1) report.note('pay: Shiko detajet', `not aligned across the row (tops ${tops})`);
  }
  await details.first().click();
  const payDialog = page.getByRole('dialog');
  await report.boxInWindow(payDialog, 'pay details');
  await page.keyboard.press('Escape');

  // One employee's hours; a missing one offers no month or downloads.
  await open(page, `/kryepuntor/oret/${setup.long.id}`);
  await report.pageFits('employee hours');
  await open(page, '/kryepuntor/oret/987654321');
  await expect(page.getByRole('alert')).toBeVisible();
  if ((await page.getByLabel('Muaji').count()) > 0) report.note('missing employee hours', 'offers the month');
  if ((await page.getByRole('link', { name: /^Shkarko/ }).count()) > 0)
    report.note('missing employee hours', 'offers downloads');

  // RFID list: the day's scans and each worker's card.
  await open(page, `/kryepuntor/listarfid?date=${setup.today}`, NAME);
  await report.pageFits('rfid list');
  const rfidRow = page.getByRole('row').filter({ hasText: NAME });
  await report.inView(rfidRow.getByRole('button', { name: 'Ndrysho' }), 'rfid list: Edit');
  await report.inView(rfidRow.getByRole('button', { name: 'Regjistrimet' }), 'rfid list: Punches');
  await page.getByRole('tab', { name: /Kart/ }).click();
  await report.pageFits('rfid cards');

  // Devices and their groups, with the group sheets.
  await open(page, '/kryepuntor/devices', DEVICE);
  await report.pageFits('devices');
  const deviceScope = phone
    ? page.getByRole('listitem').filter({ hasText: DEVICE })
    : page.getByRole('row').filter({ hasText: DEVICE });
  await allButtonsInView(deviceScope.first(), report, 'devices');
  await open(page, '/kryepuntor/device/group', GROUP);
  await report.pageFits('device groups');
  const group = page.getByRole('article').filter({ hasText: GROUP });
  await report.inView(group.getByRole('button', { name: `Ndrysho grupin ${GROUP}` }), 'group card: edit');
  await report.inView(group.getByRole('button', { name: `Fshij grupin ${GROUP}` }), 'group card: delete');
  await group.getByRole('button', { name: `Ndrysho grupin ${GROUP}` }).click();
  const editGroup = page.getByRole('dialog', { name: 'Ndrysho grupin' });
  await report.boxInWindow(editGroup, 'edit group sheet');
  await report.inView(editGroup.getByRole('button', { name: 'Ruaj ndryshimet' }), 'edit group: Ruaj ndryshimet');
  await report.pageFits('edit group sheet');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Krijo grup të ri' }).click();
  const createGroup = page.getByRole('dialog', { name: 'Krijo grup të ri' });
  await report.boxInWindow(createGroup, 'create group sheet');
  await report.inView(createGroup.getByRole('button', { name: 'Krijo grupin' }), 'create group: Krijo grupin');
  await page.keyboard.press('Escape');

  // Last wave's screens: the today board, leave, the calendar, the month close, corrections, the labour law.
  for (const [path, ready] of [
    ['/kryepuntor', NAME],
    ['/kryepuntor/pushimet', NAME],
    ['/kryepuntor/kalendari', undefined],
    ['/kryepuntor/mbyll-muajin', NAME],
    ['/kryepuntor/korrigjimet', NAME],
    ['/kryepuntor/ligji-i-punes', undefined],
  ] as const) {
    await open(page, path, ready);
    await report.pageFits(path);
    await tabBar(page, report, path);
  }

  // The list type page and the account page.
  await open(page, '/kryepuntor/premium/listatype');
  await report.pageFits('list type');
  await open(page, '/kryepuntor/llogaria');
  await report.pageFits('account');
}

async function employerChat(page: Page, report: LayoutReport, setup: Setup, send: boolean): Promise<void> {
  await page.goto(`/kryepuntor/chat?chat=${setup.groupChatId}`);
  const conversation = page.getByRole('region', { name: GROUP });
  await expect(conversation).toBeVisible();
  // The long ones first; later a short one, so the worker has something unread each time.
  for (const message of send ? [LONG_LINK, WORD] : ['Shihemi nesër.']) {
    await conversation.getByPlaceholder('Shkruaj një mesazh...').fill(message);
    await conversation.getByRole('button', { name: 'Dërgo', exact: true }).click();
    await expect(conversation.locator('[data-pending]')).toHaveCount(0);
  }
  await expect(conversation.getByTestId('message').filter({ hasText: WORD })).toBeVisible();
  await report.pageFits('chat');
  await report.inView(conversation.getByRole('button', { name: 'Dërgo', exact: true }), 'chat: Send');
  for (const message of await conversation.getByTestId('message').all()) await report.inView(message, 'chat: message');
  await bubblesFit(conversation, report, 'chat');
  await headerControls(page, report, 'chat');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Hap menunë' }).click();
    await report.boxInWindow(page.getByRole('dialog', { name: 'Menuja' }), 'chat: slide-in menu');
    await page.keyboard.press('Escape');
    // The list, with the group's row.
    await conversation.getByRole('button', { name: 'Kthehu' }).click();
    await report.pageFits('chat list');
  }
}

async function workerScreens(browser: Browser, report: LayoutReport, setup: Setup, size: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'sq-AL', viewport: size });
  const page = await context.newPage();
  const workerReport = report;
  await logInQuickly(page, setup.long.email, PASSWORD);
  await open(page, '/datapuntoret');
  await workerReport.pageFits('worker home');
  // The sections: bottom tabs on a phone, links in the top bar on a desktop.
  const nav = page.getByRole('navigation', { name: isPhone(page) ? 'Seksionet' : 'Navigimi kryesor' });
  // The employer's messages are unread: the dot shows beside Chat.
  await expect(nav.getByText('Mesazhe të palexuara')).toHaveCount(1);
  const password = page.locator(`header a[href="/change/password/${setup.long.id}"]`).filter({ visible: true });
  await workerReport.inView(password, 'worker: change password');
  const scrolls = await nav.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
  if (scrolls) workerReport.note('worker nav', 'scrolls sideways');
  await workerReport.inView(
    page.getByRole('banner').getByRole('button', { name: 'Dil', exact: true }),
    'worker: Logout',
  );
  await tabBar(page, workerReport, 'worker home');

  for (const [path, ready] of [
    ['/datapuntoret/pushimet', LEAVE_TYPE],
    ['/datapuntoret/korrigjimet', undefined],
    ['/datapuntoret/fletepagesat', undefined],
  ] as const) {
    await open(page, path, ready);
    await workerReport.pageFits(path);
    await tabBar(page, workerReport, path);
  }

  await page.goto(`/datapuntoret/chat?chat=${setup.groupChatId}`);
  const conversation = page.getByRole('region', { name: GROUP });
  await expect(conversation.getByTestId('message').filter({ hasText: WORD })).toBeVisible();
  await workerReport.pageFits('worker chat');
  await workerReport.inView(conversation.getByRole('button', { name: 'Dërgo', exact: true }), 'worker chat: Send');
  await bubblesFit(conversation, workerReport, 'worker chat');

  await open(page, `/change/password/${setup.long.id}`);
  await workerReport.pageFits('worker password');
  await context.close();
}

test.describe('long text never breaks a page', () => {
  test('every employer and worker screen holds the longest names, roles, groups and messages', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const setup = await longWorkspace(page, request);
    const report = new LayoutReport(page);
    for (const [index, size] of VIEWPORTS.entries()) {
      await page.setViewportSize(size);
      await employerScreens(page, report, setup);
      await employerChat(page, report, setup, index === 0);
      await workerScreens(browser, report, setup, size);
    }
    report.expectClean();
  });

  test("the admin's screens and the impersonation banner hold a 100-character company name", async ({
    page,
    request,
  }) => {
    const employer = await signUpEmployer(request, unbroken('KompaniaEMadhe', 100));
    await logInAsAdmin(page);
    const report = new LayoutReport(page);
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      await open(page, '/admin');
      // The whole placeholder shows, on a phone too.
      const cut = await page.getByPlaceholder(SEARCH_PLACEHOLDER).evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input, '::placeholder');
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return 'no canvas';
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const box = getComputedStyle(input);
        const room = input.clientWidth - Number.parseFloat(box.paddingLeft) - Number.parseFloat(box.paddingRight);
        const needed = context.measureText(input.placeholder).width;
        return needed > room
          ? `the placeholder needs ${Math.round(needed)} px, the field has ${Math.round(room)}`
          : null;
      });
      if (cut) report.note('admin search', cut);
      await searchEmployers(page, employer.email);
      await report.pageFits('admin');
      const account =
        isPhone(page) || (page.viewportSize()?.width ?? 0) < 1024
          ? page.getByRole('listitem').filter({ hasText: employer.email })
          : page.getByRole('row').filter({ hasText: employer.email });
      await allButtonsInView(account, report, 'admin account');
      await report.inView(page.getByRole('button', { name: 'Dil', exact: true }), 'admin: Sign Out');

      await account.getByRole('button', { name: /^Ndrysho/ }).click();
      const dialog = page.getByRole('dialog');
      await report.boxInWindow(dialog, 'admin edit');
      await allButtonsInView(dialog, report, 'admin edit');
      await page.keyboard.press('Escape');

      // Impersonation: the banner's Go Back, Logout and the page fit.
      await account.getByRole('button', { name: /^Hyr/ }).click();
      await expect(page).toHaveURL('/kryepuntor');
      await expect(page.getByText('Po e shikoni si administrator')).toBeVisible();
      await requestsSettled(page);
      await report.pageFits('impersonation');
      await report.inView(
        page.getByRole('button', { name: 'Kthehu te administrimi' }),
        'impersonation: Kthehu te administrimi',
      );
      await headerControls(page, report, 'impersonation');
      await page.getByRole('button', { name: 'Kthehu te administrimi' }).click();
      await expect(page).toHaveURL('/admin');

      await open(page, '/admin/audit');
      await report.pageFits('audit');
    }
    report.expectClean();
  });
});
