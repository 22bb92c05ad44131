import { expect, request as playwrightRequest, test } from '@playwright/test';
import { clockOfMinutes, localClockOf } from '@puna/domain';
import { seriousViolations, VIEWPORTS } from '../support/axe';
import { BASE_URL } from '../support/env';
import { openPage } from '../support/pages';
import { addEmployee, employerIdOf, expectNoHorizontalOverflow, openNewEmployer, setPlan } from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };

/**
 * The "today" board on the dashboard (docs/product.md#attendance): a premium employer watches it while
 * a reader sends a scan, and the worker's tile changes without a reload (the `rfid_update` event).
 * Ana has no schedule, so the test reads the same at any hour: not scheduled, then in since the scan.
 */
test('the dashboard’s today board shows a scan the moment it arrives, at 1280 and 390 px', async ({
  page,
  request,
}) => {
  await openNewEmployer(page, request, 'Furra e Sotme');
  await setPlan(request, await employerIdOf(page), 'premium');
  const employee = { name: 'Ana Gashi', wages: 'Orë' as const, salary: 4, role: 'Punëtor' };
  const ana = await addEmployee(page, employee);
  const card = `0A${String(Date.now()).slice(-8)}`;
  const edit = await page.request.put(`/krye/edit_employee/${ana.id}`, {
    data: { ...employee, rfid: card },
    headers: appHeaders,
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  const deviceId = `TODAY-${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/controllers', {
    data: { device_id: deviceId, name: 'Hyrja', protocol: 'puna' },
    headers: appHeaders,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { secret } = (await registered.json()).Result as { secret: string };
  const reader = await playwrightRequest.newContext({ baseURL: BASE_URL });

  // The first socket reaches the server only once the scan below is stored: a scan that arrives
  // between the board's answer and the socket joining its rooms must still show (the server tells
  // the new socket it missed an `rfid_update`, and the board refetches), as it must for a person
  // whose connection is slow.
  let letSocketThrough = () => {};
  const socketHeld = new Promise<void>((resolve) => {
    letSocketThrough = resolve;
  });
  await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
    await socketHeld;
    socket.connectToServer();
  });

  for (const [index, viewport] of VIEWPORTS.entries()) {
    await page.setViewportSize(viewport);
    await openPage(page, '/kryepuntor');
    const board = page.getByRole('region', { name: 'Sot në punë' });
    const tile = board.getByRole('listitem').filter({ hasText: 'Ana Gashi' });
    if (index === 0) {
      await expect(tile).toContainText('Nuk ka orar sot');
      expect(await page.locator('html').getAttribute('data-realtime')).not.toBe('connected');
      const scannedAt = new Date();
      const sent = await reader.post('/device/v1/scans', {
        data: { scans: [{ seq: 1, uid: card, ts: scannedAt.toISOString() }] },
        headers: { authorization: `Device ${deviceId}:${secret}` },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      letSocketThrough();
      await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
      const since = clockOfMinutes(localClockOf(scannedAt, 'Europe/Tirane').minutes);
      await expect(tile).toContainText(`Në punë që nga ${since}`);
      await expect(board.getByRole('button', { name: /^Në punë 1$/ })).toBeVisible();
    } else {
      await expect(tile).toContainText('Në punë që nga');
      await expectNoHorizontalOverflow(page);
    }
    if (index === 0) {
      // The tolerance: refused in words beyond 120 minutes, then saved and shown on the board.
      await board.getByRole('button', { name: 'Toleranca: 10 min' }).click();
      const dialog = page.getByRole('dialog', { name: 'Toleranca e vonesës' });
      await dialog.getByLabel('Toleranca (minuta)').fill('121');
      await dialog.getByRole('button', { name: 'Ruaj' }).click();
      await expect(
        dialog.getByText('Toleranca duhet të jetë një numër i plotë minutash nga 0 deri në 120.'),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByLabel('Toleranca (minuta)').fill('15');
      await dialog.getByRole('button', { name: 'Ruaj' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Toleranca u ruajt.')).toBeVisible();
      await expect(board.getByRole('button', { name: 'Toleranca: 15 min' })).toBeVisible();
    }
    // The counts filter the tiles.
    await board.getByRole('button', { name: /^Në punë 1$/ }).click();
    await expect(board.getByRole('button', { name: /^Në punë 1$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(board.getByRole('listitem')).toHaveCount(1);
  }
  await reader.dispose();
});

/**
 * The other side of the test above: when nothing went to the employer's rooms between the board's
 * answers and the socket joining them, the server says so (`missed_events` with an empty list) and
 * the dashboard fetches nothing again. Refetching all nine of its queries at that moment cost two
 * long tasks and the page's Lighthouse score (bench/README.md#web).
 */
test('a dashboard whose socket missed nothing does not fetch its data again', async ({ page, request }) => {
  await openNewEmployer(page, request, 'Furra e Qetë');
  // What the page fetched, and how much of it before the server's answer arrived.
  const fetched: string[] = [];
  const answers: { payload: string; fetchedBefore: number }[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (sent.resourceType() === 'fetch' && !url.pathname.startsWith('/socket.io')) fetched.push(url.pathname);
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('42["missed_events"')) {
        answers.push({ payload, fetchedBefore: fetched.length });
      }
    });
  });
  await openPage(page, '/kryepuntor');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await expect.poll(() => answers.map((answer) => answer.payload)).toEqual(['42["missed_events",[]]']);
  expect(fetched.slice(0, answers[0]?.fetchedBefore)).toContain('/krye/employee');
  // A refresh would start at once; give it a moment to show.
  await page.waitForTimeout(500);
  expect(fetched.slice(answers[0]?.fetchedBefore)).toEqual([]);
});

/** A premium employer allowed `workers` workers, with that many added through the API (ten at a time). */
async function boardWith(
  page: import('@playwright/test').Page,
  request: import('@playwright/test').APIRequestContext,
  workers: number,
): Promise<string[]> {
  await openNewEmployer(page, request, 'Fabrika e Madhe');
  const employerId = await employerIdOf(page);
  await setPlan(request, employerId, 'premium');
  const limit = await request.put(`/auth/updateEmployer/${employerId}`, {
    data: { limit_workers: workers },
    headers: appHeaders,
  });
  expect(limit.ok(), await limit.text()).toBe(true);
  const first = ['Arbëresha', 'Çlirim', 'Dritëro', 'Ëngjëllushe', 'Gjergj', 'Xhemajl', 'Valbona', 'Shqiponja'];
  const last = ['Hoxhaj', 'Krasniqi', 'Berisha', 'Gashi', 'Shala', 'Dervishaj'];
  const names = Array.from(
    { length: workers },
    (_, i) => `${first[i % first.length]} ${last[Math.floor(i / first.length) % last.length]} ${i + 1}`,
  );
  for (let i = 0; i < names.length; i += 10) {
    await Promise.all(
      names.slice(i, i + 10).map((name) => addEmployee(page, { name, wages: 'Orë', salary: 4, role: 'Punëtor' })),
    );
  }
  return names;
}

test('on a 390 px phone the board shows 30 workers on one screen below its title', async ({ page, request }) => {
  test.setTimeout(90_000);
  await boardWith(page, request, 30);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/kryepuntor');
  const board = page.getByRole('region', { name: 'Sot në punë' });
  await expect(board.getByRole('listitem')).toHaveCount(30);
  // Thirty fit as they are: no search yet.
  await expect(board.getByRole('searchbox')).toHaveCount(0);
  // The board's title just under the sticky header: every tile lies between it and the tab bar.
  const fit = await page.evaluate(() => {
    const title = document.getElementById('today-title') as HTMLElement;
    const header = document.querySelector('header') as HTMLElement;
    const tabs = document.querySelector('nav[aria-label="Seksionet"]') as HTMLElement;
    window.scrollBy(0, title.getBoundingClientRect().top - header.getBoundingClientRect().bottom - 8);
    const top = title.getBoundingClientRect().bottom;
    const bottom = tabs.getBoundingClientRect().top;
    const tiles = Array.from((title.closest('section') as HTMLElement).querySelectorAll('li'), (li) =>
      li.getBoundingClientRect(),
    );
    return {
      bottom,
      lowest: Math.max(...tiles.map((tile) => tile.bottom)),
      highest: Math.min(...tiles.map((tile) => tile.top)),
      top,
      narrowest: Math.min(...tiles.map((tile) => tile.width)),
    };
  });
  expect(fit.highest).toBeGreaterThanOrEqual(fit.top);
  expect(fit.lowest, JSON.stringify(fit)).toBeLessThanOrEqual(fit.bottom);
  expect(fit.narrowest).toBeGreaterThan(150);
  await expectNoHorizontalOverflow(page);
});

test('with 300 workers the board stays usable on a phone: counts filter, a name search, no sideways scroll', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const names = await boardWith(page, request, 300);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/kryepuntor');
  const board = page.getByRole('region', { name: 'Sot në punë' });
  await expect(board.getByRole('button', { name: /^Të gjithë 300$/ })).toBeVisible();
  await expect(board.getByRole('listitem')).toHaveCount(300);
  await expectNoHorizontalOverflow(page);
  // The long list scrolls inside the card: the page stays a phone's page.
  const list = board.getByRole('list');
  expect(await list.evaluate((ul) => ul.scrollHeight > ul.clientHeight)).toBe(true);
  expect(await list.evaluate((ul) => ul.getBoundingClientRect().height)).toBeLessThanOrEqual(844);
  // A name search, without the accents: 'dritero hoxhaj 3' finds 'Dritëro Hoxhaj 3' and no other.
  const search = board.getByRole('searchbox', { name: 'Kërko punëtorin sipas emrit' });
  await search.fill('dritero hoxhaj 3');
  await expect(board.getByRole('listitem')).toHaveCount(1);
  await expect(board.getByRole('listitem')).toContainText(names[2] as string);
  await search.fill('nuk ekziston');
  await expect(board.getByText('Asnjë punëtor me këtë emër në këtë grup.')).toBeVisible();
  await search.fill('');
  // The counts filter: nobody has a schedule, so all 300 are in 'Pa orar sot'.
  await board.getByRole('button', { name: /^Pa orar sot 300$/ }).click();
  await expect(board.getByRole('listitem')).toHaveCount(300);
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoHorizontalOverflow(page);
});
