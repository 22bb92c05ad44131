import { expect, request as playwrightRequest, test } from '@playwright/test';
import { emptySchedule } from '@puna/domain';
import { VIEWPORTS } from '../support/axe';
import { BASE_URL } from '../support/env';
import { openPage } from '../support/pages';
import { addEmployee, employerIdOf, expectNoHorizontalOverflow, openNewEmployer, setPlan } from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

const appHeaders = { 'x-requested-with': 'puna' };

/**
 * Marks on the RFID day list (docs/product.md#marks): a worker scheduled 08:00–16:00 who scans in at
 * 08:40 shows a '40 min vonë' badge on that day's list, at 1280 and 390 px.
 */
test('a late scan shows a late badge on the RFID day list, at 1280 and 390 px', async ({ page, request }) => {
  await openNewEmployer(page, request, 'Furra me Orar');
  await setPlan(request, await employerIdOf(page), 'premium');
  const schedule = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    schedule[day] = { selected: true, startTime: '08:00', endTime: '16:00' };
  }
  const employee = { name: 'Besa Krasniqi', wages: 'Orë' as const, salary: 4, role: 'Punëtor' };
  const besa = await addEmployee(page, { ...employee, schedule });
  const card = `0B${String(Date.now()).slice(-8)}`;
  const edit = await page.request.put(`/krye/edit_employee/${besa.id}`, {
    data: { ...employee, rfid: card },
    headers: appHeaders,
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  const deviceId = `MARKS-${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/controllers', {
    data: { device_id: deviceId, name: 'Hyrja', protocol: 'puna' },
    headers: appHeaders,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { secret } = (await registered.json()).Result as { secret: string };
  const reader = await playwrightRequest.newContext({ baseURL: BASE_URL });
  // Monday 16 November 2026: in at 08:40, out at 16:00 (Europe/Tirane is UTC+1).
  const sent = await reader.post('/device/v1/scans', {
    data: {
      scans: [
        { seq: 1, uid: card, ts: '2026-11-16T07:40:00.000Z' },
        { seq: 2, uid: card, ts: '2026-11-16T15:00:00.000Z' },
      ],
    },
    headers: { authorization: `Device ${deviceId}:${secret}` },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await reader.dispose();

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await openPage(page, '/kryepuntor/listarfid?date=2026-11-16');
    const row = page.getByRole('row').filter({ hasText: 'Besa Krasniqi' });
    await expect(row).toContainText('08:40');
    await expect(row.locator('[data-mark="late"]')).toHaveText('40 min vonë');
    await expect(row.locator('[data-mark="leftEarly"]')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  }
});
