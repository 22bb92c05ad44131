import { expect, test } from '@playwright/test';
import { logInAsAdmin, SEARCH_PLACEHOLDER, searchEmployers, signUpEmployer } from '../support/admin';
import { seriousViolations } from '../support/axe';

const appHeaders = { 'x-requested-with': 'puna' };

test.describe('platform admin on a desktop', () => {
  test('searches case-insensitively, edits the worker limit and the row follows', async ({ page, request }) => {
    const bakery = await signUpEmployer(request, 'Furra');
    const other = await signUpEmployer(request, 'Pastiçeri');
    await logInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Punëdhënësit');
    const table = page.getByRole('table', { name: 'Llogaritë e punëdhënësve' });
    for (const column of ['ID', 'Kompania', 'Email', 'Gjendja', 'Plani', 'Punëtorët', 'Veprime']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }

    // The company name in capitals still finds it; the other account is filtered out.
    await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(bakery.companyName.toUpperCase());
    const row = table.getByRole('row', { name: new RegExp(bakery.companyName) });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(other.companyName) })).toHaveCount(0);
    await expect(table.getByRole('row')).toHaveCount(2); // the header and the one account
    await expect(row).toContainText(bakery.email);
    await expect(row).toContainText('I paverifikuar');
    await expect(row).toContainText('bazë');
    await expect(row).toContainText('0 / 10');

    // Part of the e-mail works too.
    await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(other.email.slice(0, 18).toUpperCase());
    await expect(table.getByRole('row', { name: new RegExp(other.companyName) })).toBeVisible();

    await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(bakery.email);
    await row.getByRole('button', { name: /^Ndrysho/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ndrysho të dhënat e punëdhënësit' });
    await expect(dialog).toBeVisible();
    // Only the plan fields are editable; no e-mail, company or password field.
    await expect(dialog.getByLabel(/Email|Company|Password/)).toHaveCount(0);
    await expect(dialog.getByLabel('Pa datë transaksioni')).toBeChecked();
    await expect(dialog.getByLabel('Data e transaksionit', { exact: true })).toBeDisabled();
    await dialog.getByLabel('Limiti i punëtorëve').fill('25');
    await dialog.getByRole('button', { name: 'Ruaj', exact: true }).click();

    await expect(page.getByText('Punëdhënësi u përditësua!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('0 / 25');

    // An empty limit falls back to 10; a transaction date and id are kept as given.
    await row.getByRole('button', { name: /^Ndrysho/ }).click();
    await expect(dialog.getByLabel('Limiti i punëtorëve')).toHaveValue('25');
    await dialog.getByLabel('Plani').selectOption('premium');
    await dialog.getByLabel('ID e transaksionit').fill('I-E2E-TEST');
    await dialog.getByLabel('Pa datë transaksioni').uncheck();
    await dialog.getByLabel('Data e transaksionit', { exact: true }).fill('2025-03-04');
    await dialog.getByLabel('Limiti i punëtorëve').fill('');
    await dialog.getByRole('button', { name: 'Ruaj', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('0 / 10');
    await expect(row).toContainText('premium');

    // What the server kept, read back from it.
    await page.reload();
    await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(bakery.email);
    await row.getByRole('button', { name: /^Ndrysho/ }).click();
    await expect(dialog.getByLabel('Plani')).toHaveValue('premium');
    await expect(dialog.getByLabel('ID e transaksionit')).toHaveValue('I-E2E-TEST');
    await expect(dialog.getByLabel('Pa datë transaksioni')).not.toBeChecked();
    await expect(dialog.getByLabel('Data e transaksionit', { exact: true })).toHaveValue('2025-03-04');
    await dialog.getByRole('button', { name: 'Anulo' }).click();
    await expect(dialog).toBeHidden();
  });

  test('accesses an employer, sees the banner, and Go Back returns to /admin; the writes are audited', async ({
    page,
    request,
  }) => {
    const employer = await signUpEmployer(request, 'Mishtore');
    await logInAsAdmin(page);
    await searchEmployers(page, employer.email);
    const row = page.getByRole('row', { name: new RegExp(employer.companyName) });
    await row.getByRole('button', { name: /^Hyr/ }).click();

    await expect(page).toHaveURL('/kryepuntor');
    await expect(page.getByText('Po e shikoni si administrator')).toBeVisible();
    await expect(page.locator('header').getByText(employer.companyName)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Paneli' })).toBeVisible();

    // A write while viewing the account (the page's own cookies: the impersonation session).
    const addRole = await page.request.post('/krye/employers/roles', {
      data: { role: 'Pjekës' },
      headers: appHeaders,
    });
    expect(addRole.ok(), await addRole.text()).toBe(true);

    // One more page in the employer area, so the browser's Back has an employer page to return to.
    await page.getByRole('link', { name: 'Menaxho punëtorët' }).click();
    await expect(page).toHaveURL('/kryepuntor/employee');

    await page.getByRole('button', { name: 'Kthehu te administrimi' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Punëdhënësit');
    await expect(page.getByText('Po e shikoni si administrator')).toBeHidden();

    // The browser's Back, or a typed employer address, brings the admin back to /admin, never to
    // an employer page where every call is refused (issue 14).
    await page.goBack();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Punëdhënësit');
    await page.goto('/kryepuntor/employee');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByText('Nuk keni qasje këtu.')).toBeHidden();

    // The audit lists that write, filtered to this employer.
    await page
      .getByRole('navigation', { name: 'Seksionet e administrimit' })
      .getByRole('link', { name: 'Auditimi' })
      .click();
    await expect(page).toHaveURL('/admin/audit');
    await page.getByLabel('Punëdhënësi').selectOption({ label: `${employer.companyName} (${employer.email})` });
    const audit = page.getByRole('table', { name: 'Veprimet e regjistruara' });
    // Actions read as words; the raw route is still there, in the title.
    const added = audit.getByRole('row', { name: /Shtoi një rol/ });
    await expect(added).toContainText('admin@puna.test');
    await expect(added).toContainText(employer.companyName);
    await expect(added.getByText('Shtoi një rol')).toHaveAttribute('title', 'Kërkesa: POST /krye/employers/roles');
    await expect(audit.getByText('Mbaroi shikimin si administrator')).toBeVisible();
    await expect(audit.getByText('POST /auth/goback')).toHaveCount(0);
  });

  test('an admin who types an employer or worker address at 390 px is taken to /admin', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logInAsAdmin(page);
    for (const path of ['/kryepuntor', '/kryepuntor/devices', '/datapuntoret']) {
      await page.goto(path);
      await expect(page).toHaveURL('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Punëdhënësit');
    }
  });

  test('sees a message sent through /contactus and marks it read', async ({ page }) => {
    const sender = `Vizitor ${Date.now()}`;
    await page.goto('/contactus');
    await page.getByLabel('Emri').fill(sender);
    await page.getByLabel('Email').fill('vizitor@example.test');
    await page.getByPlaceholder('Mesazhi').fill('A mund ta provoj Premium për një muaj?');
    await page.getByRole('button', { name: 'Dërgo mesazhin' }).click();
    await expect(page.getByText('Mesazhi juaj u dërgua!')).toBeVisible();

    await logInAsAdmin(page);
    await page.goto('/admin');
    const sections = page.getByRole('navigation', { name: 'Seksionet e administrimit' });
    await expect(sections.getByRole('link', { name: /Mesazhet.*palexuar/ })).toBeVisible();
    await sections.getByRole('link', { name: /Mesazhet/ }).click();
    await expect(page).toHaveURL('/admin/messages');

    const message = page.getByRole('article', { name: new RegExp(sender) });
    await expect(message).toContainText('A mund ta provoj Premium për një muaj?');
    await expect(message).toContainText('I palexuar');
    const reply = message.getByRole('link', { name: 'Përgjigju me e-mail' });
    await expect(reply).toHaveAttribute('href', /^mailto:vizitor@example\.test\?subject=Re%3A%20/);

    await message.getByRole('button', { name: 'Shëno si të lexuar' }).click();
    await expect(message.getByRole('button', { name: 'Shëno si të palexuar' })).toBeVisible();
    await expect(message).not.toContainText('I palexuar');

    // Read stays read after a reload, and the unread filter no longer shows it.
    await page.reload();
    await expect(message.getByRole('button', { name: 'Shëno si të palexuar' })).toBeVisible();
    await page.getByText('Të palexuarat').click();
    await expect(message).toHaveCount(0);
  });
});

test.describe('platform admin on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cards show each account with Ndrysho të dhënat and Hyr në llogari', async ({ page, request }) => {
    const employer = await signUpEmployer(request, 'Kafe');
    await logInAsAdmin(page);
    await searchEmployers(page, employer.companyName.toLowerCase());
    await expect(page.getByRole('table')).toBeHidden();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: employer.companyName }) });
    await expect(card).toContainText(employer.email);
    await expect(card).toContainText('bazë');
    await expect(card).toContainText('I paverifikuar');
    await expect(card).toContainText(/Limiti i punëtorëve:\s*10/);

    await card.getByRole('button', { name: /^Ndrysho të dhënat/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ndrysho të dhënat e punëdhënësit' });
    await dialog.getByLabel('Limiti i punëtorëve').fill('12');
    await dialog.getByRole('button', { name: 'Ruaj', exact: true }).click();
    await expect(card).toContainText(/Limiti i punëtorëve:\s*12/);

    await card.getByRole('button', { name: /^Hyr në llogari/ }).click();
    await expect(page).toHaveURL('/kryepuntor');
    await expect(page.getByText('Po e shikoni si administrator')).toBeVisible();
    await page.getByRole('button', { name: 'Kthehu te administrimi' }).click();
    await expect(page).toHaveURL('/admin');
  });
});

test.describe('accessibility of /admin (axe-core): no serious or critical violations', () => {
  test('desktop and 390 px, with the edit dialog and the inbox', async ({ page, request }) => {
    const employer = await signUpEmployer(request, 'Axe');
    await logInAsAdmin(page);
    await searchEmployers(page, employer.email);
    await expect(page.getByRole('row', { name: new RegExp(employer.companyName) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('row', { name: new RegExp(employer.companyName) })
      .getByRole('button', { name: /^Ndrysho/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Ndrysho të dhënat e punëdhënësit' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: /^Hyr në llogari/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    for (const path of ['/admin/messages', '/admin/audit']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
  });
});
