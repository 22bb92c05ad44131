import { expect, test } from '@playwright/test';
import { computeMonthPay, workerTotalHours, workerWeeks } from '@puna/domain';
import { logInThroughForm } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import {
  addHours,
  centsDigits,
  digitsOf,
  expectDigits,
  expectNoHorizontalOverflow,
  openNewEmployer,
  workerLogin,
} from '../support/workspace';

const MONTH = '2025-03';
/** Includes a Sunday with hours (shown, last in its week) and a Sunday with 0 (hidden). */
const DAYS = [
  { data: '2025-03-03', ora: 8 },
  { data: '2025-03-04', ora: 6 },
  { data: '2025-03-08', ora: 4 },
  { data: '2025-03-09', ora: 5 },
  { data: '2025-03-16', ora: 0 },
  { data: '2025-03-17', ora: 7 },
];
const NEW_PASSWORD = 'Fjalekalim-i-ri-2025';

test.describe('worker area', () => {
  test('a worker added with a login sees the same pay, changes the password and logs in with it', async ({
    page,
    request,
  }) => {
    // One journey from the employer's add form to the worker's new password, on desktop and phone.
    test.slow();
    await openNewEmployer(page, request);
    const login = workerLogin();

    // The employer adds the worker with an e-mail and password in the add form.
    await page.goto('/kryepuntor/employee');
    await page.getByRole('button', { name: 'Shto punëtor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shto punëtor' });
    await dialog.getByLabel('Emri').fill('Iliriana Topalli');
    await dialog.getByLabel('Rroga').fill('32,5');
    await dialog.getByLabel('Pagesa për').selectOption('Ditë');
    await dialog.getByLabel('Roli').selectOption('Punëtor');
    await dialog.getByLabel('Email').fill(login.email);
    await dialog.getByLabel('Fjalëkalimi').fill(login.password);
    await dialog.getByRole('button', { name: 'Shto', exact: true }).click();
    await expect(dialog).toBeHidden();
    const list = await (await page.request.get('/krye/employee')).json();
    const worker = list.Result[0];
    expect(worker.email).toBe(login.email);
    await addHours(
      page,
      DAYS.map((day) => ({ worker_id: worker.id, ...day })),
    );

    const expected = computeMonthPay({ wages: 'Ditë', salary: 32.5, month: MONTH, hours: DAYS.map((d) => d.ora) });
    await page.goto(`/kryepuntor/puntoret?month=${MONTH}`);
    const card = page.getByRole('article', { name: 'Iliriana Topalli' });
    await expect(card.getByTestId('pay-amount')).toBeVisible();
    const employerSees = digitsOf(await card.getByTestId('pay-amount').textContent());
    expect(employerSees).toBe(centsDigits(expected.pay));

    // The worker logs in through the form and sees the same pay.
    await page.getByRole('button', { name: 'Dil', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await logInThroughForm(page, login.email, login.password);
    await expect(page).toHaveURL('/datapuntoret');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orët dhe rroga ime');
    await page.getByLabel('Muaji', { exact: true }).fill(MONTH);
    await expect(page.getByText('Iliriana Topalli · Mars 2025')).toBeVisible();
    await expectDigits(page.getByTestId('worker-pay'), employerSees);
    const shownHours = await page.getByTestId('worker-hours').textContent();
    expect(Number((shownHours ?? '').replace(',', '.'))).toBe(workerTotalHours(DAYS));

    // Weeks Monday to Sunday; the Sunday with 0 hours is hidden, the one with hours closes its week.
    const weeks = workerWeeks(DAYS);
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(weeks.map((week) => week.label));
    await expect(page.getByText('16.03.2025')).toHaveCount(0);
    const firstWeek = page.getByRole('region', { name: weeks[0]?.label ?? '' });
    await expect(firstWeek.getByRole('row').last()).toContainText('09.03.2025');
    await expect(firstWeek.getByRole('row').last()).toContainText('E Dielë');
    expect(await seriousViolations(page)).toEqual([]);

    // The password: the spec's messages, then success and the way back after two seconds.
    await page
      .getByRole('navigation', { name: 'Navigimi kryesor' })
      .getByRole('link', { name: 'Ndrysho fjalëkalimin' })
      .click();
    await expect(page).toHaveURL(`/change/password/${worker.id}`);
    await expect(page.getByLabel('Emri', { exact: true })).toHaveValue('Iliriana Topalli');
    await expect(page.getByLabel('Emri', { exact: true })).toHaveAttribute('readonly', '');
    expect(await seriousViolations(page)).toEqual([]);
    const submit = page.getByRole('button', { name: 'Ndrysho fjalëkalimin' });
    await submit.click();
    await expect(page.getByText('Fjalëkalimi aktual është i detyrueshëm.')).toBeVisible();
    await page.getByLabel('Fjalëkalimi aktual').fill('not-the-password');
    await page.getByLabel('Fjalëkalimi i ri', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Konfirmo fjalëkalimin e ri').fill(`${NEW_PASSWORD}x`);
    await submit.click();
    await expect(page.getByText('Fjalëkalimi i ri dhe konfirmimi nuk përputhen.')).toBeVisible();
    await page.getByLabel('Konfirmo fjalëkalimin e ri').fill(NEW_PASSWORD);
    await submit.click();
    await expect(page.getByText('Fjalëkalimi aktual është i pasaktë.')).toBeVisible();
    await page.getByLabel('Fjalëkalimi aktual').fill(login.password);
    await submit.click();
    await expect(page.getByText('Fjalëkalimi juaj u ndryshua.')).toBeVisible();
    await expect(page).toHaveURL('/datapuntoret');

    // The old password no longer works; the new one does. (The logout has ended the session before
    // the login page is opened: a navigation during it would abort the request.)
    await page.getByRole('button', { name: 'Dil', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await logInThroughForm(page, login.email, login.password);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Fjalëkalimi').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Hyr', exact: true }).click();
    await expect(page).toHaveURL('/datapuntoret');

    // On a phone nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Muaji', { exact: true }).fill(MONTH);
    await expect(page.getByRole('heading', { name: 'Java 2' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto(`/change/password/${worker.id}`);
    await expect(page.getByLabel('Emri', { exact: true })).toHaveValue('Iliriana Topalli');
    await expectNoHorizontalOverflow(page);

    // Another worker's id is not found; the employer area sends the worker home.
    await page.goto(`/change/password/${worker.id + 1000}`);
    await expect(page.getByText('Të dhënat e punëtorit nuk u gjetën.')).toBeVisible();
    await page.goto('/kryepuntor/employee');
    await expect(page).toHaveURL('/datapuntoret');
  });
});
