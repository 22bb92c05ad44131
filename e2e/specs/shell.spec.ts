import { expect, type Page, test } from '@playwright/test';
import { createVerifiedEmployer, logInQuickly, logInThroughForm, PASSWORD, uniqueEmail } from '../support/accounts';
import { logInAsAdmin, openAdminWindow, searchEmployers, signUpEmployer } from '../support/admin';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expectApart } from '../support/layout';
import { addEmployee } from '../support/workspace';

async function openEmployerArea(page: Page, request: Parameters<typeof createVerifiedEmployer>[0]) {
  const { email, password } = await createVerifiedEmployer(request);
  await logInQuickly(page, email, password);
  await page.goto('/kryepuntor');
  await expect(page.getByRole('heading', { name: 'Paneli' })).toBeVisible();
}

test.describe('employer shell on a desktop', () => {
  test('header links and the More dropdown lead to their screens', async ({ page, request }) => {
    await openEmployerArea(page, request);
    const nav = page.getByRole('navigation', { name: 'Navigimi kryesor' });

    const headerLinks = [
      ['Menaxho punëtorët', '/kryepuntor/employee', 'Lista e punëtorëve'],
      ['Lista', '/kryepuntor/klista', 'Lista e orëve'],
      ['Rroga dhe Orët', '/kryepuntor/puntoret', 'Punëtorët: rroga dhe orët'],
      ['Paneli', '/kryepuntor', 'Paneli'],
    ] as const;
    for (const [label, path, heading] of headerLinks) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }

    const moreLinks = [
      ['Pajisjet', '/kryepuntor/devices', 'Pajisjet e lidhura'],
      ['Grupet e pajisjeve', '/kryepuntor/device/group', 'Grupet e pajisjeve'],
      ['Biseda', '/kryepuntor/chat', 'Bisedat'],
      ['Zgjidh listën', '/kryepuntor/premium/listatype', 'Zgjidh listën'],
    ] as const;
    for (const [label, path, heading] of moreLinks) {
      await nav.getByRole('button', { name: 'Më shumë' }).click();
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeHidden();
    }

    // Escape closes the dropdown.
    await nav.getByRole('button', { name: 'Më shumë' }).click();
    await expect(nav.getByRole('link', { name: 'Pajisjet', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Pajisjet', exact: true })).toBeHidden();
  });

  test('every child route shows its screen, never a blank page', async ({ page, request }) => {
    await openEmployerArea(page, request);
    const screens = {
      '/kryepuntor/listarfid': 'Lista e RFID',
      '/kryepuntor/edit_klista/5': 'Ndrysho orët',
      '/kryepuntor/add_klista': 'Shto orët',
      '/kryepuntor/oret/5': 'Orët e punëtorit',
    };
    for (const [path, heading] of Object.entries(screens)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('button', { name: 'Dil', exact: true })).toBeVisible();
    }
  });
});

test.describe("the dashboard's first paint", () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    test(`shows the header bar, title and subtitle before the area's code, where the page puts them (${width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height });
      const { email, password } = await createVerifiedEmployer(request);
      await logInQuickly(page, email, password);
      // The area's code is held back until the first paint has been looked at.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/employer-area-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/kryepuntor');
      const title = page.getByRole('heading', { level: 1, name: 'Paneli' });
      const subtitle = page.getByText('Një vështrim i shpejtë mbi punëtorët dhe listën e sotme.');
      await expect(title).toBeVisible();
      await expect(subtitle).toBeVisible();
      await expect(page.getByText('Sistemi i Punëtorëve')).toBeVisible();
      const before = [await title.boundingBox(), await subtitle.boundingBox()];

      release();
      await expect(page.getByRole('heading', { name: 'Punëtorët' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Shto punëtorin e parë' })).toBeVisible();
      // The page took the first paint's place: one title, in the same box, nothing moved.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect([await title.boundingBox(), await subtitle.boundingBox()]).toEqual(before);
    });
  }
});

test.describe('employer shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slide-in menu opens at 75% width, locks scrolling and closes', async ({ page, request }) => {
    await openEmployerArea(page, request);
    await expect(page.getByRole('navigation', { name: 'Navigimi kryesor' })).toBeHidden();
    const tabs = page.getByRole('navigation', { name: 'Seksionet' });
    await expect(tabs).toBeVisible();
    for (const tab of ['Kreu', 'Punëtorët', 'Lista', 'Orët', 'Bisedat']) {
      // Exact: 'Punëtorët' holds 'orët'.
      await expect(tabs.getByRole('link', { name: tab, exact: true })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Hap menunë' }).click();
    const menu = page.getByRole('dialog', { name: 'Menuja' });
    await expect(menu).toBeVisible();
    // The drawer slides in: measure once it has come to rest at the right edge.
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return box ? Math.round(box.x + box.width) : null;
      })
      .toBe(390);
    expect((await menu.boundingBox())?.width).toBeCloseTo(390 * 0.75, 0);
    for (const item of ['Pajisjet', 'Grupet e pajisjeve', 'Zgjidh listën', 'Behu Premium']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Dil', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    await menu.getByRole('button', { name: 'Mbyll menunë' }).click();
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // Escape closes it too, and a link in it navigates and closes it.
    await page.getByRole('button', { name: 'Hap menunë' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Hap menunë' }).click();
    await menu.getByRole('link', { name: 'Grupet e pajisjeve' }).click();
    await expect(page).toHaveURL('/kryepuntor/device/group');
    await expect(menu).toBeHidden();
  });

  test('on the chat page the menu lists the main sections', async ({ page, request }) => {
    await openEmployerArea(page, request);
    await page.getByRole('navigation', { name: 'Seksionet' }).getByRole('link', { name: 'Bisedat' }).click();
    await expect(page).toHaveURL('/kryepuntor/chat');
    // The chat screen loads lazily; the menu closes when the new page replaces the old one.
    await expect(page.getByRole('heading', { level: 1, name: 'Bisedat' })).toBeVisible();
    await page.getByRole('button', { name: 'Hap menunë' }).click();
    const menu = page.getByRole('dialog', { name: 'Menuja' });
    for (const item of ['Kreu', 'Punëtorët', 'Lista', 'Orët']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Pajisjet', exact: true })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Punëtorët' }).click();
    await expect(page).toHaveURL('/kryepuntor/employee');
  });
});

test.describe('admin and other areas', () => {
  test('the platform admin lands on /admin and can sign out', async ({ page }) => {
    await logInThroughForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Punëdhënësit');
    // An admin has no employer of its own: the employer area sends it back to /admin (issue 14).
    await page.goto('/kryepuntor');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Punëdhënësit');
    await page.getByRole('button', { name: 'Dil', exact: true }).click();
    await expect(page).toHaveURL('/login');
  });

  test('an admin viewing an employer whose own session has ended is sent to log in by Go Back', async ({
    page,
    request,
  }) => {
    const employer = await signUpEmployer(request, 'Banner');
    await logInAsAdmin(page);
    await searchEmployers(page, employer.email);
    await page
      .getByRole('row', { name: new RegExp(employer.companyName) })
      .getByRole('button', { name: /^Hyr/ })
      .click();
    await expect(page).toHaveURL('/kryepuntor');
    await expect(page.getByText('Po e shikoni si administrator')).toBeVisible();

    // The admin's session, kept aside during the visit, is gone: Go Back fails on the server (401),
    // the app still leaves for /admin, and with no session left the guard asks for a login.
    await page.context().clearCookies({ name: 'puna_admin_session' });
    await page.getByRole('button', { name: 'Kthehu te administrimi' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Po e shikoni si administrator')).toBeHidden();
  });

  test('a worker has Home, Chat, change password and Logout', async ({ page, request }) => {
    const employer = await createVerifiedEmployer(request);
    await logInQuickly(page, employer.email, employer.password);
    const worker = { email: uniqueEmail('worker'), password: PASSWORD };
    const added = await page.request.post('/krye/add_employee', {
      data: { name: 'Blerina Krasniqi', salary: 5, wages: 'Orë', role: 'Punëtor', ...worker },
      headers: { 'x-requested-with': 'puna' },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { id: employeeId } = (await added.json()).Result as { id: number };
    await page.context().clearCookies();
    await logInQuickly(page, worker.email, worker.password);
    await page.goto('/datapuntoret');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orët dhe rroga ime');
    const nav = page.getByRole('navigation', { name: 'Navigimi kryesor' });
    await nav.getByRole('link', { name: 'Biseda', exact: true }).click();
    await expect(page).toHaveURL('/datapuntoret/chat');
    await nav.getByRole('link', { name: 'Ndrysho fjalëkalimin' }).click();
    await expect(page).toHaveURL(`/change/password/${employeeId}`);
    await nav.getByRole('link', { name: 'Kreu' }).click();
    await expect(page).toHaveURL('/datapuntoret');
    // A worker is not let into the employer area.
    await page.goto('/kryepuntor');
    await expect(page).toHaveURL('/datapuntoret');
    await page.getByRole('button', { name: 'Dil', exact: true }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('toasts and logging out', () => {
  test('toasts sit below the header (desktop) or above the tabs (phone), two at most, clear of every button', async ({
    page,
    request,
    browser,
  }) => {
    const account = await createVerifiedEmployer(request);
    await logInQuickly(page, account.email, account.password);
    for (const name of ['Arta Hoxha', 'Besa Kola', 'Dritan Shehu', 'Elira Marku', 'Fatos Gjoka', 'Genta Dervishi']) {
      await addEmployee(page, { name, wages: 'Orë', salary: 5 });
    }
    const toasts = page.getByRole('region', { name: 'Njoftime' }).getByRole('status');

    /** Adds 9 hours on the add page for the first `count` of the `listed` employees. */
    async function addFor(count: number, listed: number) {
      const boxes = page.getByRole('region', { name: 'Punëtorët' }).getByRole('checkbox');
      await expect(boxes).toHaveCount(listed);
      for (let index = 0; index < count; index += 1) await boxes.nth(index).check();
      await page.getByRole('button', { name: '9', exact: true }).click();
      await page.getByRole('button', { name: 'Shto', exact: true }).click();
      await expect(boxes).toHaveCount(listed - count);
    }

    // Desktop: three in a row leave the two newest, below the header, clear of Close and Logout.
    await page.goto('/kryepuntor/add_klista?date=2025-03-03');
    await addFor(1, 6);
    await expect(toasts).toHaveText(['U shtuan orët për 1 punëtor.']);
    await addFor(2, 5);
    await addFor(3, 3);
    // Read at once (a retry would wait for the oldest to time out).
    await expect(toasts.filter({ hasText: 'U shtuan orët për 3 punëtorë.' })).toBeVisible();
    expect(await toasts.allTextContents()).toEqual(['U shtuan orët për 2 punëtorë.', 'U shtuan orët për 3 punëtorë.']);
    const header = page.getByRole('banner');
    for (const toast of await toasts.all()) {
      await expectApart(toast, header, 'a toast and the header');
      await expectApart(toast, page.getByRole('link', { name: 'Mbyll', exact: true }), 'a toast and Close');
    }

    // Phone: at the bottom centre, above the tab bar, clear of the header's Logout and menu button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/kryepuntor/add_klista?date=2025-03-04');
    await addFor(1, 6);
    const toast = toasts.filter({ hasText: 'U shtuan orët për 1 punëtor.' });
    await expect(toast).toBeVisible();
    await expectApart(toast, page.getByRole('banner'), 'a toast and the header');
    await expectApart(toast, page.getByRole('navigation', { name: 'Seksionet' }), 'a toast and the tab bar');
    const box = await toast.boundingBox();
    expect(box && Math.abs(box.x + box.width / 2 - 195)).toBeLessThanOrEqual(1);
    expect(box && box.y > 844 / 2).toBe(true);

    // An admin viewing the account: the toast stays clear of the banner's Go Back.
    const admin = await openAdminWindow(browser);
    await searchEmployers(admin, account.email);
    await admin.getByRole('row').filter({ hasText: account.email }).getByRole('button', { name: /^Hyr/ }).click();
    await expect(admin.getByRole('button', { name: 'Kthehu te administrimi' })).toBeVisible();
    await admin.goto('/kryepuntor/add_klista?date=2025-03-05');
    await admin.getByRole('region', { name: 'Punëtorët' }).getByRole('checkbox').first().check();
    await admin.getByRole('button', { name: '8', exact: true }).click();
    await admin.getByRole('button', { name: 'Shto', exact: true }).click();
    const adminToast = admin.getByRole('region', { name: 'Njoftime' }).getByRole('status');
    await expect(adminToast).toBeVisible();
    await expectApart(adminToast, admin.getByRole('banner'), 'a toast and the header with the banner');
    await admin.getByRole('button', { name: 'Kthehu te administrimi' }).click();
    await expect(admin).toHaveURL('/admin');
    await admin.context().close();

    // The phone's icon-only Logout, beside the menu button, asks first.
    await page.getByRole('banner').getByRole('button', { name: 'Dil', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Të dilni nga llogaria?' });
    await confirm.getByRole('button', { name: 'Anulo' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/kryepuntor\/add_klista/);
    await page.getByRole('banner').getByRole('button', { name: 'Dil', exact: true }).click();
    await confirm.getByRole('button', { name: 'Dil', exact: true }).click();
    await expect(page).toHaveURL('/login');
  });
});
