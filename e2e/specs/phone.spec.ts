import { expect, type Locator, type Page, test } from '@playwright/test';
import { todayIn } from '@puna/domain';
import { createVerifiedEmployer, logInQuickly, PASSWORD, uniqueEmail } from '../support/accounts';
import { VIEWPORTS } from '../support/axe';
import { openPage } from '../support/pages';
import { addEmployee, addHours, employerIdOf, openNewEmployer, setPlan } from '../support/workspace';

// The browser's "today" is the employer's (Europe/Tirane, the default zone).
test.use({ timezoneId: 'Europe/Tirane' });

const PHONE = { width: 390, height: 844 };
/** The smallest target a thumb hits reliably (WCAG 2.5.5, Apple and Material guidelines). */
const TAP = 44;
/** The least room between two neighbouring targets. */
const GAP = 8;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'drawn').not.toBeNull();
  return box as Box;
}

/** Room between two boxes side by side or one above the other (negative when they overlap). */
function gapBetween(a: Box, b: Box): number {
  const sideways = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
  const upDown = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.max(sideways, upDown);
}

/**
 * Every visible button, link and chip smaller than 44 × 44 px, as 'name: w×h'. Inline text links
 * inside a paragraph are let be (a sentence's link cannot be 44 px tall).
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((tap) => {
    const small: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], [role="tab"], [role="link"], summary',
    );
    for (const element of Array.from(targets)) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      const box = element.getBoundingClientRect();
      // Hidden to the eye (the skip link until focused).
      if (box.width <= 1 || box.height <= 1) continue;
      if (element.tagName === 'A' && element.closest('p') && getComputedStyle(element).display === 'inline') continue;
      if (box.width < tap - 0.5 || box.height < tap - 0.5) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        small.push(`${name || element.tagName}: ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, TAP);
}

/** A premium employer with two workers (one who can log in), hours today and a past day's hours. */
async function workspace(page: Page, request: Parameters<typeof openNewEmployer>[1]) {
  await openNewEmployer(page, request, 'Furra e Telefonit');
  await setPlan(request, await employerIdOf(page), 'premium');
  const login = { email: uniqueEmail('phone'), password: PASSWORD };
  const arta = await addEmployee(page, { name: 'Arta Hoxha', wages: 'Orë', salary: 5, ...login });
  const besa = await addEmployee(page, { name: 'Besa Kola', wages: 'Ditë', salary: 30 });
  const today = todayIn('Europe/Tirane');
  await addHours(page, [
    { worker_id: arta.id, data: today, ora: 8 },
    { worker_id: besa.id, data: today, ora: 7 },
  ]);
  return { today, worker: login };
}

test.describe('the worker’s shell', () => {
  for (const viewport of VIEWPORTS) {
    test(`is one top bar of 64 px, with the sections ${viewport.width < 640 ? 'as bottom tabs' : 'in it'} (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      const employer = await createVerifiedEmployer(request);
      await logInQuickly(page, employer.email, employer.password);
      const worker = { email: uniqueEmail('worker'), password: PASSWORD };
      const { id } = await addEmployee(page, { name: 'Blerina Krasniqi', wages: 'Orë', salary: 5, ...worker });
      await page.context().clearCookies();
      await logInQuickly(page, worker.email, worker.password);
      await page.setViewportSize(viewport);
      await openPage(page, '/datapuntoret');

      const header = page.getByRole('banner');
      // A 64 px bar and its 1 px border, as the employer's.
      expect((await boxOf(header)).height).toBeLessThanOrEqual(65);
      const phone = viewport.width < 640;
      const tabs = page.getByRole('navigation', { name: 'Seksionet' });
      const top = page.getByRole('navigation', { name: 'Navigimi kryesor' });
      const sections = phone ? tabs : top;
      if (phone) {
        await expect(top).toBeHidden();
        const bar = await boxOf(tabs);
        // Pinned to the foot of the screen.
        expect(Math.round(bar.y + bar.height)).toBe(viewport.height);
        for (const link of await tabs.getByRole('link').all()) {
          const box = await boxOf(link);
          expect(Math.min(box.width, box.height), (await link.textContent()) ?? '').toBeGreaterThanOrEqual(TAP);
        }
      } else {
        await expect(tabs).toBeHidden();
        await expect(top).toBeVisible();
      }

      for (const path of [
        '/datapuntoret/chat',
        '/datapuntoret/pushimet',
        '/datapuntoret/fletepagesat',
        '/datapuntoret',
      ]) {
        await sections.locator(`a[href="${path}"]`).click();
        await expect(page).toHaveURL(path);
        await expect(sections.locator(`a[href="${path}"]`)).toHaveAttribute('aria-current', 'page');
      }
      // Changing the password: a key in the top bar on a phone, a link among the sections on a desktop.
      await header.locator(`a[href="/change/password/${id}"]`).filter({ visible: true }).click();
      await expect(page).toHaveURL(`/change/password/${id}`);
      expect((await boxOf(header)).height).toBeLessThanOrEqual(65);
    });
  }
});

test.describe('tap targets on a phone', () => {
  test.use({ viewport: PHONE });

  test('every button, link and chip of the main screens is at least 44 × 44 px', async ({ page, request, browser }) => {
    test.slow();
    const { today, worker } = await workspace(page, request);
    const found: string[] = [];
    const sweep = async (target: Page, path: string) => {
      await openPage(target, path);
      for (const small of await smallTargets(target)) found.push(`${path}: ${small}`);
    };
    for (const path of [
      '/kryepuntor',
      '/kryepuntor/employee',
      `/kryepuntor/klista?date=${today}`,
      '/kryepuntor/add_klista?date=2025-01-15',
      '/kryepuntor/puntoret',
      '/kryepuntor/pushimet',
      '/kryepuntor/korrigjimet',
    ]) {
      await sweep(page, path);
    }
    // A dialog's close button.
    await openPage(page, '/kryepuntor/employee');
    await page
      .getByRole('button', { name: /^(Shto|Add)/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Measured once it has finished opening: mid-animation its buttons are drawn smaller (43 px once in CI).
    await dialog.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    for (const small of await smallTargets(page)) found.push(`add employee dialog: ${small}`);

    const context = await browser.newContext({ viewport: PHONE, locale: 'sq-AL', timezoneId: 'Europe/Tirane' });
    const workerPage = await context.newPage();
    await logInQuickly(workerPage, worker.email, worker.password);
    for (const path of ['/datapuntoret', '/datapuntoret/pushimet', '/datapuntoret/fletepagesat']) {
      await sweep(workerPage, path);
    }
    await context.close();
    expect(found).toEqual([]);
  });

  test('a day’s row keeps Edit and Delete 44 px and 8 px apart, and the board’s chips too', async ({
    page,
    request,
  }) => {
    const { today } = await workspace(page, request);
    await openPage(page, `/kryepuntor/klista?date=${today}`);
    const row = page.getByRole('row').filter({ hasText: 'Arta Hoxha' });
    const edit = await boxOf(row.getByRole('link'));
    const remove = await boxOf(row.getByRole('button'));
    for (const box of [edit, remove]) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(TAP);
    expect(gapBetween(edit, remove)).toBeGreaterThanOrEqual(GAP);

    await openPage(page, '/kryepuntor');
    // The board comes after the dashboard's first paint: wait for its chips before measuring them.
    const chipLocator = page.getByRole('region', { name: 'Sot në punë' }).locator('button[aria-pressed]');
    await expect(chipLocator.nth(1)).toBeVisible();
    const chips = await chipLocator.all();
    expect(chips.length).toBeGreaterThanOrEqual(2);
    const boxes = await Promise.all(chips.map(boxOf));
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(TAP);
    for (let index = 1; index < boxes.length; index += 1) {
      expect(gapBetween(boxes[index - 1] as Box, boxes[index] as Box)).toBeGreaterThanOrEqual(GAP);
    }
  });

  test('holding the bulk Delete says it deletes the whole day, with a ring, and letting go early deletes nothing', async ({
    page,
    request,
  }) => {
    const { today } = await workspace(page, request);
    await openPage(page, `/kryepuntor/klista?date=${today}`);
    const bulk = page.getByTestId('hold-delete');
    const label = (await bulk.textContent()) ?? '';
    // Pressed, read and let go within one run of the page's script: on a busy machine a second can
    // pass between two steps driven from here, and the hold would run out (e2e/specs/hours.spec.ts
    // holds it with the mouse to the end).
    const held = await page.evaluate(async () => {
      const button = document.querySelector('[data-testid="hold-delete"]') as HTMLElement;
      const pointer = (type: string) =>
        button.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0, isPrimary: true, pointerId: 1 }));
      pointer('pointerdown');
      for (let frame = 0; frame < 30 && !button.querySelector('[data-testid="hold-ring"]'); frame += 1) {
        await new Promise(requestAnimationFrame);
      }
      const said = Array.from(document.querySelectorAll('[role="status"]')).find((element) =>
        element.textContent?.includes('Mbajeni: fshihet e gjithë dita'),
      );
      const box = said?.getBoundingClientRect();
      const ring = button.querySelector('[data-testid="hold-ring"]') !== null;
      pointer('pointerup');
      return {
        ring,
        said: box ? { left: box.left, right: box.right, bottom: box.bottom } : null,
        buttonTop: button.getBoundingClientRect().top,
      };
    });
    expect(held.ring).toBe(true);
    // Said above the button, where the thumb holding it does not cover it, and inside the screen.
    expect(held.said).not.toBeNull();
    expect(held.said?.bottom).toBeLessThanOrEqual(held.buttonTop);
    expect(held.said?.left).toBeGreaterThanOrEqual(0);
    expect(held.said?.right).toBeLessThanOrEqual(PHONE.width);
    const said = page.getByRole('status').filter({ hasText: 'Mbajeni: fshihet e gjithë dita' });
    await expect(said).toHaveCount(0);
    await expect(bulk).toHaveText(label);
    await expect(bulk.getByTestId('hold-ring')).toHaveCount(0);
    // Past the second the hold would have taken, the day is still there.
    await page.waitForTimeout(1_200);
    await expect(page.getByRole('row').filter({ hasText: 'Besa Kola' })).toBeVisible();
  });
});

test.describe('the today board', () => {
  for (const viewport of VIEWPORTS) {
    test(`does not move when a count goes from 9 to 10, and its tiles read whole (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      await openNewEmployer(page, request, 'Furra e Numrave');
      await setPlan(request, await employerIdOf(page), 'premium');
      // No schedule: each is 'not scheduled today', all nine in one group.
      for (let index = 1; index <= 9; index += 1) {
        await addEmployee(page, { name: `Punëtori ${index}`, wages: 'Orë', salary: 5 });
      }
      await page.setViewportSize(viewport);
      const board = page.getByRole('region', { name: 'Sot në punë' });
      const chips = board.locator('button[aria-pressed]');
      const measure = async () => {
        await openPage(page, '/kryepuntor');
        await expect(board.getByRole('listitem')).not.toHaveCount(0);
        return Promise.all((await chips.all()).map(boxOf));
      };
      const before = await measure();
      await expect(chips.first()).toContainText('9');
      await addEmployee(page, { name: 'Punëtori 10', wages: 'Orë', salary: 5 });
      const after = await measure();
      await expect(chips.first()).toContainText('10');
      expect(after).toEqual(before);

      // Every tile's text is at least 12 px, and its state is not cut.
      const tiles = await board.getByRole('listitem').all();
      expect(tiles).toHaveLength(10);
      for (const tile of tiles) {
        const texts = await tile.locator('p').evaluateAll((lines) =>
          lines.map((line) => ({
            size: Number.parseFloat(getComputedStyle(line).fontSize),
            cut: line.scrollWidth > line.clientWidth + 1,
            text: line.textContent,
          })),
        );
        for (const text of texts) expect(text.size, `${text.text}`).toBeGreaterThanOrEqual(12);
        expect(texts.at(-1)?.cut, `${texts.at(-1)?.text} is cut`).toBe(false);
      }
    });
  }
});
