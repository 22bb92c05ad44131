import { expect, test } from '@playwright/test';
import { createVerifiedEmployer, logInQuickly, logInThroughForm, PASSWORD, uniqueEmail } from '../support/accounts';
import { readMailedCode } from '../support/mail';
import { addEmployee } from '../support/workspace';

test.describe('getting back into an account and keeping it', () => {
  test('a forgotten password: the mailed code sets a new one, then the person logs in with it', async ({
    page,
    request,
  }) => {
    const { email } = await createVerifiedEmployer(request, 'Furra Harresa');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Keni harruar fjalëkalimin?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Dërgo kodin' }).click();
    await expect(page.getByText(`Nëse ${email} ka një llogari në Puna`)).toBeVisible();

    const code = await readMailedCode(email, /^Kodi për fjalëkalimin e ri në Puna: \d{6}$/);
    await page.getByLabel('Kodi').fill(code);
    await page.getByLabel('Fjalëkalimi i ri', { exact: true }).fill('a new secret 2026');
    await page.getByLabel('Konfirmo fjalëkalimin e ri').fill('a new secret 2026');
    await page.getByRole('button', { name: 'Vendos fjalëkalimin e ri' }).click();

    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Fjalëkalimi u ndryshua. Hyni me të.')).toBeVisible();
    await logInThroughForm(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Email-i ose fjalëkalimi është i gabuar.');
    await logInThroughForm(page, email, 'a new secret 2026');
    await expect(page).toHaveURL('/kryepuntor');
  });

  test('an employer changes its password on its account page', async ({ page, request }) => {
    const { email } = await createVerifiedEmployer(request, 'Dyqani Ndryshe');
    await logInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL('/kryepuntor');
    await page.goto('/kryepuntor/llogaria');
    await expect(page.getByRole('heading', { name: 'Llogaria ime' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const card = page.getByRole('region', { name: 'Ndrysho fjalëkalimin' });
    await card.getByLabel('Fjalëkalimi aktual').fill('not my password');
    await card.getByLabel('Fjalëkalimi i ri', { exact: true }).fill('employer new 2026');
    await card.getByLabel('Konfirmo fjalëkalimin e ri').fill('employer new 2026');
    await card.getByRole('button', { name: 'Ndrysho fjalëkalimin' }).click();
    await expect(card.getByRole('alert')).toHaveText('Fjalëkalimi aktual është i pasaktë.');

    await card.getByLabel('Fjalëkalimi aktual').fill(PASSWORD);
    await card.getByRole('button', { name: 'Ndrysho fjalëkalimin' }).click();
    await expect(page.getByText('Fjalëkalimi u ndryshua.')).toBeVisible();
    // Still logged in here: the page keeps working.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Llogaria ime' })).toBeVisible();

    await page.getByRole('button', { name: 'Dil', exact: true }).first().click();
    await expect(page).toHaveURL('/login');
    await logInThroughForm(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Email-i ose fjalëkalimi është i gabuar.');
    await logInThroughForm(page, email, 'employer new 2026');
    await expect(page).toHaveURL('/kryepuntor');
  });

  test("an employer sets a worker's password, and the worker logs in with it", async ({ page, request, browser }) => {
    const { email } = await createVerifiedEmployer(request, 'Punishtja');
    await logInQuickly(page, email, PASSWORD);
    const workerEmail = uniqueEmail('worker');
    await addEmployee(page, { name: 'Besa Hoxha', wages: 'Orë', salary: 4, email: workerEmail, password: PASSWORD });

    await page.goto('/kryepuntor/employee');
    await page.getByRole('button', { name: 'Ndrysho Besa Hoxha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ndrysho punëtorin' });
    await expect(dialog.getByText(`Hyn si ${workerEmail}`)).toBeVisible();
    await dialog.getByLabel('Fjalëkalim i ri (opsional)').fill('set by the boss 1');
    await dialog.getByRole('button', { name: 'Ruaj ndryshimet' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Ndryshimet u ruajtën dhe fjalëkalimi i punëtorit u vendos.')).toBeVisible();

    const workerContext = await browser.newContext();
    const worker = await workerContext.newPage();
    await logInThroughForm(worker, workerEmail, PASSWORD);
    await expect(worker.getByRole('alert')).toHaveText('Email-i ose fjalëkalimi është i gabuar.');
    await logInThroughForm(worker, workerEmail, 'set by the boss 1');
    await expect(worker).toHaveURL('/datapuntoret');
    await workerContext.close();
  });

  test('logging out from the app sends no body and ends the session on the server', async ({ page, request }) => {
    const { email } = await createVerifiedEmployer(request, 'Dalja');
    await logInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL('/kryepuntor');

    const logoutRequest = page.waitForRequest((req) => req.url().endsWith('/auth/logout') && req.method() === 'POST');
    await page.getByRole('button', { name: 'Dil', exact: true }).first().click();
    const sent = await logoutRequest;
    expect(sent.postData() ?? '').toBe('');
    expect(sent.headers()['content-type']).toBeUndefined();
    expect((await sent.response())?.status()).toBe(200);

    await expect(page).toHaveURL('/login');
    const check = await (await page.request.get('/auth/check')).json();
    expect(check).toEqual({ authenticated: false });
  });
});
