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

  for (const [index, viewport] of VIEWPORTS.entries()) {
    await page.setViewportSize(viewport);
    await openPage(page, '/kryepuntor');
    const board = page.getByRole('region', { name: 'Sot në punë' });
    const tile = board.getByRole('listitem').filter({ hasText: 'Ana Gashi' });
    if (index === 0) {
      await expect(tile).toContainText('Nuk ka orar sot');
      const scannedAt = new Date();
      const sent = await reader.post('/device/v1/scans', {
        data: { scans: [{ seq: 1, uid: card, ts: scannedAt.toISOString() }] },
        headers: { authorization: `Device ${deviceId}:${secret}` },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
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
