import { expect, type Page, test } from '@playwright/test';
import { addDays, emptySchedule, isoWeekOf, rangeHolidays, type TSchedule, todayIn, weekDates } from '@puna/domain';
import { logInQuickly } from '../support/accounts';
import { AxeReport, checkModal } from '../support/axe';
import { BASE_URL } from '../support/env';
import { LanguageReport } from '../support/language';
import { openPage } from '../support/pages';
import { addEmployee, expectNoHorizontalOverflow, openNewEmployer, workerLogin } from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

/** Adds a shift from the week grid's cell button, through the shift dialog. */
async function addShift(page: Page, cell: string, shift: { start: string; end: string; break?: string }) {
  await page.getByRole('button', { name: cell }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn i ri' });
  await dialog.getByLabel('Fillon').fill(shift.start);
  await dialog.getByLabel('Mbaron').fill(shift.end);
  if (shift.break) await dialog.getByLabel('Pushimi (minuta)').fill(shift.break);
  await dialog.getByRole('button', { name: 'Ruaj' }).click();
  return dialog;
}

/** Monday to Friday from 07:00 to 15:00. */
function weekdaysEarly(): TSchedule {
  const schedule = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    schedule[day] = { selected: true, startTime: '07:00', endTime: '15:00' };
  }
  return schedule;
}

/**
 * The roster (docs/product.md#shifts-and-the-roster): at 1280 px the employer plans next week (a
 * worker's shift and an open night shift), is refused an overlap in words, copies the week onto the
 * one after and publishes, fills the week after from the weekly schedules; at 390 px the day list holds the same shifts, and the worker on a phone
 * sees its shift first and asks for the open one.
 */
test('the employer plans, copies and publishes a week; the worker sees its shift and claims an open one', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const axe = new AxeReport();
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await openNewEmployer(page, request, 'Furra e Natës');
  const login = workerLogin();
  const sq = new LanguageReport([
    'Furra e Natës',
    'Arta Krasniqi',
    'Besa Hoxha',
    'Drita Berisha',
    owner.email,
    login.email,
  ]);
  const en = new LanguageReport(
    ['Furra e Natës', 'Arta Krasniqi', 'Besa Hoxha', 'Drita Berisha', owner.email, login.email],
    'en',
  );
  await addEmployee(page, { name: 'Arta Krasniqi', wages: 'Orë', salary: 5, ...login });
  await addEmployee(page, { name: 'Besa Hoxha', wages: 'Ditë', salary: 40 });
  await addEmployee(page, { name: 'Drita Berisha', wages: 'Orë', salary: 4, schedule: weekdaysEarly() });

  // 'Orari' is in the 'Më shumë' menu.
  await openPage(page, '/kryepuntor');
  await page.getByRole('button', { name: /^Më shumë/ }).click();
  await page.getByRole('link', { name: 'Orari' }).click();
  await expect(page).toHaveURL('/kryepuntor/orari');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orari');

  // Next week, so every shift is from today on.
  const weekLabel = page.getByTestId('roster-week-label');
  const thisWeek = await weekLabel.textContent();
  await page.getByRole('button', { name: 'Java tjetër' }).click();
  await expect(weekLabel).not.toHaveText(thisWeek ?? '');
  const grid = page.getByTestId('roster-week');
  await expect(grid).toBeVisible();

  let dialog = await addShift(page, 'Shto turn: Arta Krasniqi, E Hënë', { start: '08:00', end: '16:00', break: '30' });
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Turni u ruajt.')).toBeVisible();
  dialog = await addShift(page, 'Shto turn: Turne të hapura, E Mërkurë', { start: '22:00', end: '06:00' });
  await expect(dialog).toBeHidden();
  await expect(grid.getByTestId('roster-shift')).toHaveCount(2);
  await expect(grid.getByRole('button', { name: 'Ndrysho turnin 22:00–06:00' })).toContainText('I papublikuar');
  // 7.5 planned hours at 5 € an hour; the open shift is nobody's cost.
  await expect(page.getByTestId('roster-week-total')).toContainText('7,5 orë');
  await expect(page.getByTestId('roster-week-total')).toContainText('37,50 €');

  // Drag Arta's Monday shift onto Tuesday: moved. The hint names the copy key.
  await expect(page.getByText('mbani shtypur Ctrl (ose Alt) kur e lëshoni', { exact: false })).toBeVisible();
  const artaCells = grid.getByRole('row', { name: /^Arta Krasniqi/ }).getByRole('cell');
  await artaCells.nth(0).getByRole('button', { name: 'Ndrysho turnin 08:00–16:00' }).dragTo(artaCells.nth(1));
  await expect(page.getByText('Turni u zhvendos.')).toBeVisible();
  await expect(artaCells.nth(1).getByTestId('roster-shift')).toHaveCount(1);
  await expect(artaCells.nth(0).getByTestId('roster-shift')).toHaveCount(0);
  // Back to Monday from the keyboard, through the shift's 'Move or copy' dialog.
  await artaCells.nth(1).getByRole('button', { name: 'Zhvendos ose kopjo turnin 08:00–16:00' }).focus();
  await page.keyboard.press('Enter');
  const moveDialog = page.getByRole('dialog', { name: 'Zhvendos ose kopjo turnin 08:00–16:00' });
  await checkModal(page, axe, moveDialog, 'move or copy dialog');
  await artaCells.nth(1).getByRole('button', { name: 'Zhvendos ose kopjo turnin 08:00–16:00' }).click();
  await expect(moveDialog.getByLabel('Zhvendos', { exact: true })).toBeChecked();
  await moveDialog.getByLabel('Data', { exact: true }).selectOption({ index: 0 });
  await moveDialog.getByRole('button', { name: 'Zhvendose' }).click();
  await expect(moveDialog).toBeHidden();
  await expect(artaCells.nth(0).getByTestId('roster-shift')).toHaveCount(1);
  await expect(artaCells.nth(1).getByTestId('roster-shift')).toHaveCount(0);
  // Ctrl held at the drop copies it onto Thursday.
  await page.keyboard.down('Control');
  await artaCells.nth(0).getByRole('button', { name: 'Ndrysho turnin 08:00–16:00' }).dragTo(artaCells.nth(3));
  await page.keyboard.up('Control');
  await expect(page.getByText('Turni u kopjua.')).toBeVisible();
  await expect(artaCells.nth(3).getByTestId('roster-shift')).toHaveCount(1);
  await expect(artaCells.nth(0).getByTestId('roster-shift')).toHaveCount(1);
  await expect(page.getByTestId('roster-week-total')).toContainText('15 orë');
  await expect(page.getByTestId('roster-week-total')).toContainText('75,00 €');

  // An overlapping shift of the same worker is refused with the server's sentence, in Albanian.
  dialog = await addShift(page, 'Shto turn: Arta Krasniqi, E Hënë', { start: '10:00', end: '12:00' });
  await expect(dialog.getByText('Punëtori ka tashmë një turn në atë kohë.')).toBeVisible();
  await axe.check(page, 'shift dialog');
  await dialog.getByRole('button', { name: 'Anulo' }).click();
  await expect(dialog).toBeHidden();

  // Editing opens the same dialog, with delete.
  await artaCells.nth(0).getByRole('button', { name: 'Ndrysho turnin 08:00–16:00' }).click();
  const edit = page.getByRole('dialog', { name: 'Ndrysho turnin' });
  await expect(edit.getByLabel('Pushimi (minuta)')).toHaveValue('30');
  await expect(edit.getByRole('button', { name: 'Fshi turnin' })).toBeVisible();
  await checkModal(page, axe, edit, 'edit shift dialog');

  // Copy onto the week after, then publish this one.
  await page.getByRole('button', { name: 'Kopjo javën' }).click();
  await expect(page.getByText('U kopjuan 3 turne në javën tjetër.')).toBeVisible();
  await page.getByRole('button', { name: 'Publiko (3)' }).click();
  await expect(page.getByText('Turnet u publikuan.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publiko', exact: true })).toBeDisabled();
  await expect(grid.getByText('I papublikuar')).toHaveCount(0);
  await axe.check(page, '/kryepuntor/orari');
  await sq.check(page, '/kryepuntor/orari (1280 px)');
  await page.screenshot({ path: 'test-results/roster-1280.png', fullPage: true });

  // The roster settings: the law's break rule shown, the employer's own rule kept.
  await page.getByRole('button', { name: 'Cilësimet e orarit' }).click();
  let settings = page.getByRole('dialog', { name: 'Cilësimet e orarit' });
  await checkModal(page, axe, settings, 'roster settings dialog');
  await page.getByRole('button', { name: 'Cilësimet e orarit' }).click();
  await expect(settings.getByTestId('break-rules-default')).toHaveText(
    'Sipas ligjit: 30 min për turne më të gjata se 6 orë.',
  );
  await settings.getByLabel('Vendos rregullat e mia').check();
  await expect(settings.getByLabel('Turne më të gjata se (orë)')).toHaveValue('6');
  await settings.getByLabel('Pushimi (minuta)').fill('45');
  await page.screenshot({ path: 'test-results/roster-settings-1280.png' });
  await settings.getByRole('button', { name: 'Ruaj' }).click();
  await expect(page.getByText('Cilësimet u ruajtën.')).toBeVisible();
  await page.getByRole('button', { name: 'Cilësimet e orarit' }).click();
  settings = page.getByRole('dialog', { name: 'Cilësimet e orarit' });
  await expect(settings.getByLabel('Vendos rregullat e mia')).toBeChecked();
  await expect(settings.getByLabel('Pushimi (minuta)')).toHaveValue('45');
  await expect(settings.getByLabel('Mirato vetë kërkesat për turne')).not.toBeChecked();
  await expect(settings.getByLabel('Më njofto kur dikush nuk vjen')).toBeChecked();
  await settings.getByRole('button', { name: 'Anulo' }).click();
  await expect(settings).toBeHidden();

  // The copied week holds the same two shifts, not yet published.
  await page.getByRole('button', { name: 'Java tjetër' }).click();
  await expect(grid.getByTestId('roster-shift')).toHaveCount(3);
  await expect(grid.getByText('I papublikuar')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Publiko (3)' })).toBeEnabled();

  // Filled from the weekly schedules: Drita's Monday-to-Friday, less the week's official holidays, unpublished.
  const afterNext = weekDates(isoWeekOf(addDays(todayIn('Europe/Tirane'), 14)));
  const holidays = rangeHolidays('XK', { from: afterNext[0] as string, to: afterNext[6] as string }, []).daysOff;
  const scheduled = afterNext.slice(0, 5).filter((date) => !holidays.has(date)).length;
  await page.getByRole('button', { name: 'Plotëso nga orari javor' }).click();
  const fillDialog = page.getByRole('dialog', { name: /^Të plotësohet java \d+ nga orari javor\?$/ });
  await expect(fillDialog).toContainText('Asgjë nuk publikohet.');
  await checkModal(page, axe, fillDialog, 'fill from schedules dialog');
  await page.getByRole('button', { name: 'Plotëso nga orari javor' }).click();
  await page.screenshot({ path: 'test-results/roster-fill-1280.png' });
  await fillDialog.getByRole('button', { name: 'Plotëso javën' }).click();
  await expect(fillDialog).toBeHidden();
  await expect(
    page.getByText(`Turne të shtuara nga orari javor: ${scheduled}. Ditë që kishin tashmë turn: 0.`),
  ).toBeVisible();
  const dritaRow = grid.getByRole('row', { name: /^Drita Berisha/ });
  await expect(dritaRow.getByRole('button', { name: 'Ndrysho turnin 07:00–15:00' })).toHaveCount(scheduled);
  await expect(dritaRow.getByText('I papublikuar')).toHaveCount(scheduled);
  await expect(page.getByRole('button', { name: `Publiko (${3 + scheduled})` })).toBeEnabled();
  await page.screenshot({ path: 'test-results/roster-filled-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Java e kaluar' }).click();

  // On a phone: one day at a time.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(grid).toBeHidden();
  await page.getByRole('button', { name: /^E Hënë / }).click();
  const day = page.getByRole('region', { name: 'Turnet e ditës' });
  await expect(day.getByRole('button', { name: 'Ndrysho turnin 08:00–16:00' })).toBeVisible();
  // The employer's own rule (45 minutes past 6 hours, set above) beats the shift's 30: 7.25 hours at 5 €.
  await expect(page.getByTestId('roster-day-total')).toContainText('Dita: 7,25 orë · 36,25 €');
  await expectNoHorizontalOverflow(page);
  // The phone's way to move: the same dialog, as a sheet.
  await day.getByRole('button', { name: 'Zhvendos ose kopjo turnin 08:00–16:00' }).click();
  const sheet = page.getByRole('dialog', { name: 'Zhvendos ose kopjo turnin 08:00–16:00' });
  await expect(sheet.getByLabel('Punëtori', { exact: true })).toHaveValue(/\d+/);
  await page.screenshot({ path: 'test-results/roster-390-move.png' });
  await sheet.getByRole('button', { name: 'Anulo' }).click();
  await expect(sheet).toBeHidden();
  await axe.check(page, '/kryepuntor/orari');
  await sq.check(page, '/kryepuntor/orari (390 px)');
  await page.screenshot({ path: 'test-results/roster-390.png', fullPage: true });

  // The worker, on a phone: its shift first, and the open one to ask for.
  const phone = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
  const workerPage = await phone.newPage();
  await logInQuickly(workerPage, login.email, login.password);
  await openPage(workerPage, '/datapuntoret');
  await workerPage.getByRole('link', { name: 'Turnet' }).click();
  await expect(workerPage).toHaveURL('/datapuntoret/turnet');
  await expect(workerPage.getByRole('heading', { level: 1 })).toHaveText('Turnet e mia');
  const next = workerPage.getByTestId('next-shift');
  await expect(next).toContainText('E Hënë');
  await expect(next).toContainText('08:00–16:00');
  await expect(next).toContainText('Pushim 30 min');
  const open = workerPage.getByTestId('open-shifts').getByRole('listitem');
  await expect(open).toHaveCount(1);
  await expect(open.first()).toContainText('22:00–06:00');
  await expectNoHorizontalOverflow(workerPage);
  await axe.check(workerPage, '/datapuntoret/turnet');
  await sq.check(workerPage, '/datapuntoret/turnet (390 px)');
  await workerPage.screenshot({ path: 'test-results/turnet-390.png', fullPage: true });

  await open
    .first()
    .getByRole('button', { name: /^Merre/ })
    .click();
  await expect(workerPage.getByText('Kërkesa u dërgua. Punëdhënësi do të vendosë.')).toBeVisible();
  await expect(open.first().getByRole('button', { name: /^Merre/ })).toBeDisabled();
  await workerPage.screenshot({ path: 'test-results/turnet-390-claimed.png', fullPage: true });

  // Asking again after a reload is refused in words (one open claim per worker and shift).
  await openPage(workerPage, '/datapuntoret/turnet');
  await open
    .first()
    .getByRole('button', { name: /^Merre/ })
    .click();
  await expect(open.first().getByRole('alert')).toBeVisible();
  await axe.check(workerPage, '/datapuntoret/turnet (refused)');
  await phone.close();

  // Both screens in English, at both widths: no Albanian word but the data.
  for (const [account, path] of [
    [owner, '/kryepuntor/orari'],
    [login, '/datapuntoret/turnet'],
  ] as const) {
    const context = await browser.newContext({ baseURL: BASE_URL, timezoneId: 'Europe/Tirane' });
    await context.addInitScript(() => localStorage.setItem('puna.lang', 'en'));
    const english = await context.newPage();
    await logInQuickly(english, account.email, account.password);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await english.setViewportSize(viewport);
      await openPage(english, path);
      if (path === '/kryepuntor/orari') await english.getByRole('button', { name: 'Next week' }).click();
      await expect(english.getByText('08:00–16:00').filter({ visible: true }).first()).toBeVisible();
      await en.check(english, `${path} (en, ${viewport.width} px)`);
    }
    await context.close();
  }
  sq.expectOneLanguage();
  en.expectOneLanguage();
  axe.expectClean();
});
