import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createVerifiedEmployer, logInThroughForm, PASSWORD } from '../support/accounts';

/** The code an authenticator app shows for this secret, `steps` periods of 30 s from now. */
function codeOf(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

test.describe('two-step verification', () => {
  test('an employer turns it on from its account page, then logs in with a code from the app', async ({
    page,
    request,
  }) => {
    const { email } = await createVerifiedEmployer(request, 'Furra me Kod');
    await logInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL('/kryepuntor');
    await page.goto('/kryepuntor/llogaria');

    const card = page.getByRole('region', { name: 'Verifikimi me dy hapa' });
    await expect(card.getByText('Verifikimi me dy hapa është joaktiv.')).toBeVisible();
    await card.getByRole('button', { name: 'Aktivizo' }).click();
    await card.getByLabel('Fjalëkalimi aktual').fill(PASSWORD);
    await card.getByRole('button', { name: 'Vazhdo' }).click();

    await expect(card.getByRole('img', { name: /Kodi QR/ })).toBeVisible();
    const secret = (await card.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    const wrong = String((Number(codeOf(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await card.getByLabel('Kodi me 6 shifra nga aplikacioni').fill(wrong);
    await card.getByRole('button', { name: 'Aktivizo' }).click();
    await expect(card.getByRole('alert')).toHaveText(/Ky kod nuk është i saktë/);
    await card.getByLabel('Kodi me 6 shifra nga aplikacioni').fill(codeOf(secret));
    await card.getByRole('button', { name: 'Aktivizo' }).click();

    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())?.trim() ?? '';
    expect(recovery).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await card.getByRole('button', { name: 'I kam ruajtur' }).click();
    await expect(card.getByText('Verifikimi me dy hapa është aktiv. Ju kanë mbetur 10 kode rikuperimi.')).toBeVisible();

    // A new browser: the password alone no longer opens the account.
    await page.context().clearCookies();
    await logInThroughForm(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Verifikimi me dy hapa' })).toBeVisible();
    await expect(page).toHaveURL('/login');
    // The next step's code: the one of this step confirmed the setup, and a code is taken once.
    await page.getByLabel('Kodi').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verifiko' }).click();
    await expect(page).toHaveURL('/kryepuntor');

    // A recovery code opens it once.
    await page.context().clearCookies();
    await logInThroughForm(page, email, PASSWORD);
    await page.getByLabel('Kodi').fill(recovery);
    await page.getByRole('button', { name: 'Verifiko' }).click();
    await expect(page).toHaveURL('/kryepuntor');
    await page.goto('/kryepuntor/llogaria');
    await expect(card.getByText('Ju kanë mbetur 9 kode rikuperimi.')).toBeVisible();
  });
});
