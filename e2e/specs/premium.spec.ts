import { expect, type Page, test } from '@playwright/test';
import { createVerifiedEmployer, logInQuickly } from '../support/accounts';
import { openAdminWindow, SEARCH_PLACEHOLDER } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';

/** 10 EUR a month, however the locale places the sign ("10 €", "€ 10"). */
const TEN_EUROS = /10\s?€|€\s?10/;

/** Stands in for PayPal's JS SDK: one button that creates and approves a subscription at once. */
const PAYPAL_STAND_IN = `
window.paypal = {
  Buttons(options) {
    return {
      isEligible: () => true,
      close: () => Promise.resolve(),
      render(container) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal (stand-in)';
        button.onclick = async () => {
          const actions = { subscription: { create: async (order) => { window.created = order; return 'I-STANDIN123'; } } };
          const id = await options.createSubscription({}, actions);
          await options.onApprove({ subscriptionID: id });
        };
        container.append(button);
        return Promise.resolve();
      },
    };
  },
};`;

const premiumScreens = [
  ['/kryepuntor/devices', 'Pajisjet e lidhura'],
  ['/kryepuntor/device/group', 'Grupet e pajisjeve'],
  ['/kryepuntor/listarfid', 'Lista e RFID'],
  ['/kryepuntor/premium/listatype', 'Zgjidh listën'],
] as const;

async function expectPremiumOffer(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const offer = page.getByRole('region', { name: 'Behu Premium' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(TEN_EUROS);
  await expect(offer.getByRole('link', { name: 'Behu Premium' })).toHaveAttribute('href', '/kryepuntor/premium');
}

// One basic employer goes through the whole story: the offers, the page without PayPal, then Premium
// granted by the admin. (Each verified account spends one of the server's per-address verifications.)
test.describe
  .serial('premium for a basic employer', () => {
    let account: { email: string; password: string };

    test.beforeAll(async ({ request }) => {
      account = await createVerifiedEmployer(request, 'Furra Premium');
    });

    test('premium screens show the Behu Premium offer in their place', async ({ page }) => {
      await logInQuickly(page, account.email, account.password);
      for (const [path, heading] of premiumScreens) {
        await page.goto(path);
        await expectPremiumOffer(page, heading);
      }
      await page.getByRole('region', { name: 'Behu Premium' }).getByRole('link', { name: 'Behu Premium' }).click();
      await expect(page).toHaveURL('/kryepuntor/premium');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonohu në Premium');
    });

    test('without PayPal settings the subscription page says payments are not configured', async ({ page }) => {
      await logInQuickly(page, account.email, account.password);
      await page.goto('/kryepuntor/premium');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonohu në Premium');
      await expect(page.getByText(/^(10\s?€|€\s?10)$/)).toBeVisible();
      await page.getByRole('button', { name: 'Abonohu në Premium' }).click();
      await expect(page.getByText('Pagesat nuk janë konfiguruar në këtë server.')).toBeVisible();
      await expect(page.getByText(/Administratori i platformës mund ta aktivizojë Premium-in/)).toBeVisible();
      // PayPal's script is never loaded when there is nothing to pay with.
      await expect(page.locator('script[src*="paypal.com"]')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("when PayPal's script is blocked, the page says the subscription could not be prepared", async ({ page }) => {
      await logInQuickly(page, account.email, account.password);
      // A server with PayPal settings (the plan answer stands in for one); this server's
      // Content-Security-Policy has no PayPal origins, so the browser refuses PayPal's script.
      await page.route('**/api/paypal/plan', (route) =>
        route.fulfill({ json: { planId: 'P-E2E', configured: true, clientId: 'sb-e2e' } }),
      );
      await page.goto('/kryepuntor/premium');
      await page.getByRole('button', { name: 'Abonohu në Premium' }).click();
      await expect(page.getByRole('alert')).toHaveText('Abonimi nuk u përgatit');
    });

    test("PayPal's button subscribes to the plan for this employer, and approval leads to the confirmation", async ({
      browser,
    }) => {
      // PayPal itself is out of reach here: a stand-in SDK records what the page asks it to create.
      const context = await browser.newContext({ baseURL: BASE_URL, locale: 'sq-AL', bypassCSP: true });
      const page = await context.newPage();
      await logInQuickly(page, account.email, account.password);
      const employerId = (await (await page.request.get('/auth/check')).json()).user.employerId as number;
      let sdkUrl = '';
      await page.route('https://www.paypal.com/sdk/js**', (route) => {
        sdkUrl = route.request().url();
        return route.fulfill({ contentType: 'text/javascript', body: PAYPAL_STAND_IN });
      });
      await page.route('**/api/paypal/plan', (route) =>
        route.fulfill({ json: { planId: 'P-E2E', configured: true, clientId: 'sb-e2e' } }),
      );
      await page.route('**/api/paypal/subscription/I-STANDIN123', (route) =>
        route.fulfill({ json: { status: 'ACTIVE', premium: true } }),
      );

      await page.goto('/kryepuntor/premium');
      await page.getByRole('button', { name: 'Abonohu në Premium' }).click();
      await page.getByRole('button', { name: 'PayPal (stand-in)' }).click();

      const query = new URL(sdkUrl).searchParams;
      expect(Object.fromEntries(query)).toEqual({
        'client-id': 'sb-e2e',
        vault: 'true',
        intent: 'subscription',
        currency: 'EUR',
      });
      expect(await page.evaluate(() => (window as unknown as { created: unknown }).created)).toEqual({
        plan_id: 'P-E2E',
        custom_id: String(employerId),
        application_context: { shipping_preference: 'NO_SHIPPING', brand_name: 'Puna' },
      });
      await expect(page).toHaveURL('/subscription/success?subscription_id=I-STANDIN123&status=APPROVED');
      await expect(page.getByText('Faleminderit! Puna Premium është aktiv në llogarinë tuaj.')).toBeVisible();
      await page.getByRole('link', { name: 'Shko te paneli' }).click();
      await expect(page).toHaveURL('/kryepuntor');
      await context.close();
    });

    test('the return pages: a status that is not approved, an unverifiable subscription, a cancel', async ({
      page,
    }) => {
      await logInQuickly(page, account.email, account.password);
      await page.goto('/subscription/success?subscription_id=I-E2E0001&status=CANCELLED');
      await expect(page.getByRole('alert')).toContainText('Pagesa nuk u miratua te PayPal (statusi «CANCELLED»)');
      await expect(page.getByRole('link', { name: 'Kontakto mbështetjen' })).toBeVisible();

      // Approved at the return, but the server cannot ask PayPal here: nothing changes, support is offered.
      await page.goto('/subscription/success?subscription_id=I-E2E0001&status=APPROVED');
      await expect(page.getByRole('alert')).toContainText('Abonimi nuk u verifikua');
      await expect(page.getByRole('alert')).toContainText('Pagesat nuk janë konfiguruar në këtë server.');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/subscription/cancel');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonimi u anulua');
      await expect(page.getByRole('status').filter({ hasText: 'Nuk u tërhoq asnjë pagesë' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Provo përsëri' }).click();
      await expect(page).toHaveURL('/kryepuntor/premium');

      // Still basic after all of it.
      await page.goto('/kryepuntor/devices');
      await expect(page.getByRole('region', { name: 'Behu Premium' })).toBeVisible();
    });

    test("on a phone, the menu's Behu Premium leads to the subscription page", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await logInQuickly(page, account.email, account.password);
      await page.goto('/kryepuntor');
      await page.getByRole('button', { name: 'Hap menunë' }).click();
      await page.getByRole('dialog', { name: 'Menuja' }).getByRole('link', { name: 'Behu Premium' }).click();
      await expect(page).toHaveURL('/kryepuntor/premium');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abonohu në Premium');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('after the admin grants Premium the employer reaches the list-type page', async ({ page, browser }) => {
      await logInQuickly(page, account.email, account.password);
      await page.goto('/kryepuntor/premium/listatype');
      await expect(page.getByRole('region', { name: 'Behu Premium' })).toBeVisible();

      const admin = await openAdminWindow(browser);
      await admin.goto('/admin');
      await admin.getByPlaceholder(SEARCH_PLACEHOLDER).fill(account.email);
      await admin
        .getByRole('row', { name: new RegExp(account.email) })
        .getByRole('button', { name: /^Ndrysho/ })
        .click();
      const dialog = admin.getByRole('dialog', { name: 'Ndrysho të dhënat e punëdhënësit' });
      await dialog.getByLabel('Plani').selectOption('premium');
      await dialog.getByRole('button', { name: 'Ruaj', exact: true }).click();
      await expect(admin.getByText('Punëdhënësi u përditësua!')).toBeVisible();
      await admin.context().close();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zgjidh listën');
      await expect(page.getByRole('region', { name: 'Behu Premium' })).toHaveCount(0);
      await expect(page.getByRole('radio', { name: /Lista RFID/ })).toBeVisible();

      // The subscription page now says the account is premium, with the RFID default-list note.
      await page.goto('/kryepuntor/premium');
      await expect(page.getByText('Llogaria juaj është Premium.')).toBeVisible();
      await expect(page.getByText(/Në Premium lista e parazgjedhur është RFID/)).toBeVisible();
      await page.goto('/kryepuntor/devices');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pajisjet e lidhura');
      await expect(page.getByRole('region', { name: 'Behu Premium' })).toHaveCount(0);
    });
  });
