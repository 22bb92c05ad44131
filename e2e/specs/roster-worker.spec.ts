import { expect, type Page, test } from '@playwright/test';
import { logInQuickly } from '../support/accounts';
import { AxeReport, checkModal } from '../support/axe';
import { BASE_URL } from '../support/env';
import { LanguageReport } from '../support/language';
import { openPage } from '../support/pages';
import { addEmployee, expectNoHorizontalOverflow, openNewEmployer, workerLogin } from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };

/** A date `days` after today on the employer's wall clock (Europe/Tirane), as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tirane' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'dd.mm.yyyy', as the app writes a date in Albanian. */
const shown = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

async function ok(response: Awaited<ReturnType<Page['request']['post']>>) {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return response;
}

/**
 * Swapping a shift (docs/product.md#shifts-and-the-roster), with the employer in Albania (lek): on a
 * 390 px phone Arta sees her next shift first and offers it to Besa; Besa, on her phone, accepts;
 * the employer approves it in the requests inbox, counted among the pending requests; the shift is
 * then Besa's, and Arta sees her request approved.
 */
test('a worker offers her next shift to a colleague, who accepts; the employer approves it in the inbox', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const axe = new AxeReport();
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await openNewEmployer(page, request, 'Furra Tirana');
  const artaLogin = workerLogin();
  const besaLogin = workerLogin();
  const data = ['Furra Tirana', 'Arta Krasniqi', 'Besa Hoxha', owner.email, artaLogin.email, besaLogin.email];
  const sq = new LanguageReport(data);
  const en = new LanguageReport(data, 'en');
  await ok(
    await page.request.put('/krye/labour-settings', {
      data: { jurisdiction: 'AL', apply_labour_rules: false },
      headers: appHeaders,
    }),
  );
  const arta = await addEmployee(page, { name: 'Arta Krasniqi', wages: 'Orë', salary: 500, ...artaLogin });
  await addEmployee(page, { name: 'Besa Hoxha', wages: 'Orë', salary: 400, ...besaLogin });

  // Arta's two published shifts: in two days and in five.
  const first = dayFromToday(2);
  const later = dayFromToday(5);
  for (const date of [first, later]) {
    await ok(
      await page.request.post('/krye/shifts', {
        data: { employee_id: arta.id, date, start: '08:00', end: '16:00', break_minutes: 30, note: '' },
        headers: appHeaders,
      }),
    );
  }
  await ok(await page.request.post('/krye/shifts/publish', { data: { from: first, to: later }, headers: appHeaders }));

  // The roster's cost is in lek, the Albanian employer's currency: 7.5 hours at 500 lekë.
  await openPage(page, '/kryepuntor/orari');
  const mondayIndex = (new Date(`${dayFromToday(0)}T12:00:00Z`).getUTCDay() + 6) % 7;
  if (mondayIndex + 2 > 6) await page.getByRole('button', { name: 'Java tjetër' }).click();
  await expect(page.getByTestId('roster-totals')).toContainText(/3[.\s\u202f]?750 lekë/);

  // Arta, on her phone: the next shift first, offered to Besa.
  const artaContext = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    timezoneId: 'Europe/Tirane',
  });
  const artaPage = await artaContext.newPage();
  await logInQuickly(artaPage, artaLogin.email, artaLogin.password);
  await openPage(artaPage, '/datapuntoret/turnet');
  const next = artaPage.getByTestId('next-shift');
  await expect(next).toContainText(shown(first));
  await expect(next).toContainText('08:00–16:00');
  await expect(artaPage.getByTestId('coming-shifts')).toContainText(shown(later));
  await next.getByRole('button', { name: /^Ofroje turnin/ }).click();
  const offer = artaPage.getByRole('dialog', { name: 'Ofroje turnin një kolegu' });
  await checkModal(artaPage, axe, offer, 'swap offer dialog');
  await next.getByRole('button', { name: /^Ofroje turnin/ }).click();
  // Sending without a colleague is refused in words, before anything is sent.
  await offer.getByRole('button', { name: 'Ofroje', exact: true }).click();
  await expect(offer.getByText('Zgjidhni kolegun të cilit ia ofroni turnin.')).toBeVisible();
  await offer.getByLabel('Kolegu', { exact: true }).selectOption({ label: 'Besa Hoxha' });
  await artaPage.screenshot({ path: 'test-results/turnet-swap-390.png' });
  await offer.getByRole('button', { name: 'Ofroje', exact: true }).click();
  await expect(artaPage.getByText('Oferta u dërgua te kolegu.')).toBeVisible();
  await expect(next).toContainText('Ofruar te Besa Hoxha, në pritje të përgjigjes');
  const artaRequests = artaPage.getByTestId('my-shift-requests');
  await expect(artaRequests).toContainText('Ofruat turnin te Besa Hoxha');
  await expect(artaRequests).toContainText('Pret kolegun');
  await expectNoHorizontalOverflow(artaPage);
  await axe.check(artaPage, '/datapuntoret/turnet (offered)');
  await sq.check(artaPage, '/datapuntoret/turnet (offered, 390 px)');
  await artaPage.screenshot({ path: 'test-results/turnet-offered-390.png', fullPage: true });

  // Besa, on her phone: the offer, accepted.
  const besaContext = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    timezoneId: 'Europe/Tirane',
  });
  const besaPage = await besaContext.newPage();
  await logInQuickly(besaPage, besaLogin.email, besaLogin.password);
  await openPage(besaPage, '/datapuntoret/turnet');
  const offers = besaPage.getByTestId('swap-offers');
  await expect(offers).toContainText('Arta Krasniqi ju ofron turnin e vet:');
  await expect(offers).toContainText(shown(first));
  await expectNoHorizontalOverflow(besaPage);
  await axe.check(besaPage, '/datapuntoret/turnet (an offer)');
  await sq.check(besaPage, '/datapuntoret/turnet (an offer, 390 px)');
  await besaPage.screenshot({ path: 'test-results/turnet-offer-390.png', fullPage: true });
  await offers.getByRole('button', { name: /^Prano turnin e Arta Krasniqi/ }).click();
  await expect(besaPage.getByText('E pranuat. Punëdhënësi do të vendosë.')).toBeVisible();
  await expect(offers).toBeHidden();
  const besaRequests = besaPage.getByTestId('my-shift-requests');
  await expect(besaRequests).toContainText('Pranuat turnin që ofroi Arta Krasniqi');
  await expect(besaRequests).toContainText('Në pritje');

  // The employer: counted among the pending requests, approved in the inbox.
  await openPage(page, '/kryepuntor');
  await page.getByRole('button', { name: /^Më shumë/ }).click();
  await expect(page.getByText('1 kërkesë në pritje').first()).toBeAttached();
  await openPage(page, '/kryepuntor/kerkesat');
  const pending = page.getByTestId('requests-pending');
  const card = pending.getByTestId('employer-shift-request');
  await expect(card).toContainText('Ndërrim turni: Arta Krasniqi → Besa Hoxha');
  await expect(card).toContainText(shown(first));
  await axe.check(page, '/kryepuntor/kerkesat (a swap)');
  await sq.check(page, '/kryepuntor/kerkesat (a swap, 1280 px)');
  await page.screenshot({ path: 'test-results/requests-swap-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: 'test-results/requests-swap-390.png', fullPage: true });
  await card.getByRole('button', { name: 'Mirato' }).click();
  await expect(page.getByText('Kërkesa u miratua. Turni ndërroi punëtor dhe u publikua.')).toBeVisible();
  await expect(page.getByTestId('requests-decided').getByTestId('employer-shift-request')).toContainText('Miratuar');

  // The shift is Besa's now; Arta's next one is the later, and her request reads approved — on the
  // phones left open since, without a reload (`shift_update` on the socket).
  await expect(besaPage.getByTestId('next-shift')).toContainText(shown(first));
  await expect(besaPage.getByTestId('next-shift')).toContainText('08:00–16:00');
  await expect(artaPage.getByTestId('next-shift')).toContainText(shown(later));
  await expect(artaPage.getByTestId('my-shift-requests')).toContainText('Miratuar');
  await besaContext.close();

  // Arta's screen in English: no Albanian word but the data.
  await artaContext.addInitScript(() => localStorage.setItem('puna.lang', 'en'));
  await openPage(artaPage, '/datapuntoret/turnet');
  await expect(artaPage.getByTestId('my-shift-requests')).toContainText('Approved');
  await en.check(artaPage, '/datapuntoret/turnet (en, 390 px)');
  await artaContext.close();

  sq.expectOneLanguage();
  en.expectOneLanguage();
  axe.expectClean();
});
