import { type Browser, expect, type Page, test } from '@playwright/test';
import { logInQuickly, PASSWORD, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { addEmployee, expectNoHorizontalOverflow, openNewEmployer } from '../support/workspace';

const COMPANY = 'Furra e Fshatit';
const appHeaders = { 'x-requested-with': 'puna' };

/** An employer (on `page`) with two workers that have logins. */
async function employerWithWorkers(page: Page, request: Parameters<typeof openNewEmployer>[1]) {
  await openNewEmployer(page, request, COMPANY);
  const arta = { name: 'Arta Hoxha', email: uniqueEmail('arta'), password: PASSWORD };
  const besa = { name: 'Besa Krasniqi', email: uniqueEmail('besa'), password: PASSWORD };
  const artaEmployee = await addEmployee(page, { ...arta, wages: 'Orë', salary: 5 });
  const besaEmployee = await addEmployee(page, { ...besa, wages: 'Orë', salary: 5 });
  return { arta: { ...arta, id: artaEmployee.id }, besa: { ...besa, id: besaEmployee.id } };
}

/** A second browser (own cookies) logged in as a worker. */
/**
 * The employer's chat with a worker holding 55 messages, one more than a page and a bit (50): the
 * first are only reached by scrolling up. Reloaded, so the chat opens at its newest page.
 */
async function chatOfFiftyFive(page: Page, request: Parameters<typeof openNewEmployer>[1]) {
  const { arta } = await employerWithWorkers(page, request);
  await page.goto('/kryepuntor/chat');
  await page.getByRole('button', { name: 'Bisedë e re' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bisedë e re' });
  await dialog.getByRole('checkbox', { name: arta.name }).check();
  await dialog.getByRole('button', { name: 'Krijo bisedën' }).click();
  const conversation = page.getByRole('region', { name: arta.name });
  const input = conversation.getByPlaceholder('Shkruaj një mesazh...');
  for (let n = 1; n <= 55; n += 1) {
    await input.fill(`Mesazhi ${n}`);
    await input.press('Enter');
  }
  const messages = conversation.getByTestId('message');
  await expect(messages).toHaveCount(55);
  await expect(conversation.locator('[data-pending]')).toHaveCount(0);
  await page.reload();
  await expect(messages).toHaveCount(50);
  return { conversation, messages };
}

async function workerPage(browser: Browser, login: { email: string; password: string }) {
  const context = await browser.newContext({ locale: 'sq-AL' });
  const page = await context.newPage();
  await logInQuickly(page, login.email, login.password);
  return page;
}

function unreadDot(page: Page) {
  return page.getByRole('navigation', { name: 'Navigimi kryesor' }).getByText('Mesazhe të palexuara');
}

async function waitForRealtime(page: Page) {
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);
}

test.describe('chat', () => {
  test('an employer starts a direct chat and a group; messages and unread marks travel live both ways', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const { arta, besa } = await employerWithWorkers(page, request);
    const artaPage = await workerPage(browser, arta);
    // Arta is elsewhere in her area: not looking at the chat.
    await artaPage.goto('/datapuntoret');
    await waitForRealtime(artaPage);
    await expect(unreadDot(artaPage)).toHaveCount(0);

    await page.goto('/kryepuntor/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Bisedat' })).toBeVisible();
    await expect(page.getByText('Zgjidhni një bisedë për të shkruar')).toBeVisible();
    await waitForRealtime(page);

    // Bisedë e re: nothing selected keeps Krijo bisedën disabled; one worker makes a direct chat.
    await page.getByRole('button', { name: 'Bisedë e re' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bisedë e re' });
    const create = dialog.getByRole('button', { name: 'Krijo bisedën' });
    await expect(dialog.getByRole('checkbox', { name: 'Arta Hoxha' })).toBeVisible();
    await expect(create).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Arta Hoxha' }).check();
    await expect(dialog.getByLabel('Emri i bisedës në grup')).toHaveCount(0);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(dialog).toBeHidden();

    // The new chat opens at once.
    const conversation = page.getByRole('region', { name: 'Arta Hoxha' });
    await expect(conversation).toBeVisible();
    await expect(page).toHaveURL(/\/kryepuntor\/chat\?chat=\d+$/);
    await expect(conversation.getByText('Ende nuk ka mesazhe')).toBeVisible();

    // A blank message is not sent; a real one shows on the right and in the row's preview.
    const input = conversation.getByPlaceholder('Shkruaj një mesazh...');
    await input.fill('   ');
    await conversation.getByRole('button', { name: 'Dërgo', exact: true }).click();
    await expect(conversation.getByTestId('message')).toHaveCount(0);
    await input.fill('  Mirëdita Arta, nesër fillojmë në 7.  ');
    await input.press('Enter');
    const sent = conversation.getByTestId('message').filter({ hasText: 'Mirëdita Arta, nesër fillojmë në 7.' });
    await expect(sent).toHaveAttribute('data-own', 'true');
    await expect(sent).not.toHaveAttribute('data-pending', /.*/);
    await expect(input).toHaveValue('');
    const artaRow = page.getByTestId('chat-row').filter({ hasText: 'Arta Hoxha' });
    await expect(artaRow).toContainText('Ju: Mirëdita Arta, nesër fillojmë në 7.');

    // Arta, not looking, gets the red dot live; opening the chat clears it.
    await expect(unreadDot(artaPage)).toHaveCount(1);
    await artaPage
      .getByRole('navigation', { name: 'Navigimi kryesor' })
      .getByRole('link', { name: /^Biseda( |$)/ })
      .click();
    const rowForArta = artaPage.getByTestId('chat-row').filter({ hasText: COMPANY });
    await expect(rowForArta).toContainText(`${COMPANY}: Mirëdita Arta, nesër fillojmë në 7.`);
    await expect(rowForArta.getByTestId('chat-unread')).toContainText('1');
    await rowForArta.click();
    const artaConversation = artaPage.getByRole('region', { name: COMPANY });
    const received = artaConversation.getByTestId('message').filter({ hasText: 'Mirëdita Arta' });
    await expect(received).toHaveAttribute('data-own', 'false');
    await expect(received).toContainText(COMPANY);
    await expect(unreadDot(artaPage)).toHaveCount(0);
    await expect(rowForArta.getByTestId('chat-unread')).toHaveCount(0);

    // Arta answers; the employer, looking at the chat, sees it at once and is not marked unread.
    await artaConversation.getByPlaceholder('Shkruaj një mesazh...').fill('Në rregull, faleminderit!');
    await artaConversation.getByRole('button', { name: 'Dërgo', exact: true }).click();
    await expect(artaConversation.getByTestId('message').filter({ hasText: 'faleminderit' })).toHaveAttribute(
      'data-own',
      'true',
    );
    const reply = conversation.getByTestId('message').filter({ hasText: 'Në rregull, faleminderit!' });
    await expect(reply).toHaveAttribute('data-own', 'false');
    await expect(reply).toContainText('Arta Hoxha');
    await expect(artaRow).toContainText('Arta Hoxha: Në rregull, faleminderit!');
    await expect(unreadDot(page)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A group: more than one worker asks for its name.
    await page.getByRole('button', { name: 'Bisedë e re' }).click();
    await dialog.getByRole('checkbox', { name: 'Arta Hoxha' }).check();
    await dialog.getByRole('checkbox', { name: 'Besa Krasniqi' }).check();
    await create.click();
    await expect(dialog.getByText('Shkruani emrin e grupit.')).toBeVisible();
    await dialog.getByLabel('Emri i bisedës në grup').fill('Turni i mëngjesit');
    expect(await seriousViolations(page)).toEqual([]);
    await create.click();
    await expect(dialog).toBeHidden();
    const group = page.getByRole('region', { name: 'Turni i mëngjesit' });
    await expect(group).toBeVisible();
    await expect(group).toContainText('Arta Hoxha, Besa Krasniqi');

    // Arta, in her other chat, sees the group arrive with its first message as unread.
    await group.getByPlaceholder('Shkruaj një mesazh...').fill('Mbledhje në 8:00.');
    await group.getByRole('button', { name: 'Dërgo', exact: true }).click();
    const groupRowForArta = artaPage.getByTestId('chat-row').filter({ hasText: 'Turni i mëngjesit' });
    await expect(groupRowForArta).toContainText(`${COMPANY}: Mbledhje në 8:00.`);
    await expect(groupRowForArta.getByTestId('chat-unread')).toContainText('1');
    await expect(unreadDot(artaPage)).toHaveCount(1);
    await groupRowForArta.click();
    await expect(artaPage.getByRole('region', { name: 'Turni i mëngjesit' })).toContainText('Mbledhje në 8:00.');
    await expect(unreadDot(artaPage)).toHaveCount(0);

    // Besa logs in later: the group and its message wait for her, unread.
    const besaPage = await workerPage(browser, besa);
    await besaPage.goto('/datapuntoret');
    await expect(unreadDot(besaPage)).toHaveCount(1);

    // The direct chat again: the server answers with the existing one, which opens.
    await page.getByRole('button', { name: 'Bisedë e re' }).click();
    await dialog.getByRole('checkbox', { name: 'Arta Hoxha' }).check();
    await create.click();
    // A notice, not a success: nothing new was made.
    await expect(
      page.getByRole('status').filter({ hasText: 'Kjo bisedë ekziston tashmë. Po hapet biseda ekzistuese.' }),
    ).toHaveAttribute('data-tone', 'info');
    await expect(conversation).toBeVisible();
    await expect(conversation.getByText('Në rregull, faleminderit!')).toBeVisible();

    await artaPage.context().close();
    await besaPage.context().close();
  });

  test('on a phone the list and the conversation take turns, with a back arrow', async ({ page, request, browser }) => {
    const { arta } = await employerWithWorkers(page, request);
    const created = await page.request.post('/chat/chats', {
      data: { type: 'direct', name: '', members: [{ id: arta.id, name: arta.name, userType: 'worker' }] },
      headers: appHeaders,
    });
    expect(created.ok(), await created.text()).toBe(true);

    const artaPage = await workerPage(browser, arta);
    await artaPage.setViewportSize({ width: 390, height: 844 });
    await artaPage.goto('/datapuntoret');
    await artaPage
      .getByRole('navigation', { name: 'Seksionet' })
      .getByRole('link', { name: /^Biseda( |$)/ })
      .click();
    await expect(artaPage).toHaveURL('/datapuntoret/chat');
    // Only the list: no conversation pane beside it.
    await expect(artaPage.getByRole('heading', { level: 1, name: 'Bisedat' })).toBeVisible();
    await expect(artaPage.getByText('Zgjidhni një bisedë për të shkruar')).toHaveCount(0);
    await expectNoHorizontalOverflow(artaPage);

    await artaPage.getByTestId('chat-row').filter({ hasText: COMPANY }).click();
    const conversation = artaPage.getByRole('region', { name: COMPANY });
    await expect(conversation).toBeVisible();
    await expect(artaPage.getByRole('heading', { level: 1, name: 'Bisedat' })).toHaveCount(0);
    // Send is disabled while the text is blank on a phone.
    const send = conversation.getByRole('button', { name: 'Dërgo', exact: true });
    await expect(send).toBeDisabled();
    await conversation.getByPlaceholder('Shkruaj një mesazh...').fill('Përshëndetje nga telefoni');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(conversation.getByTestId('message').filter({ hasText: 'Përshëndetje nga telefoni' })).toBeVisible();
    await expectNoHorizontalOverflow(artaPage);

    // Back closes the chat first, then leaves the page.
    await conversation.getByRole('button', { name: 'Kthehu' }).click();
    await expect(conversation).toBeHidden();
    await expect(artaPage).toHaveURL('/datapuntoret/chat');
    await artaPage.getByRole('button', { name: 'Kthehu' }).click();
    await expect(artaPage).toHaveURL('/datapuntoret');

    // A notification's link opens the chat directly; back then closes it without leaving.
    const chatId = ((await created.json()) as { Result: { id: number } }).Result.id;
    await artaPage.goto(`/datapuntoret/chat?chat=${chatId}`);
    await expect(conversation).toBeVisible();
    await conversation.getByRole('button', { name: 'Kthehu' }).click();
    await expect(artaPage).toHaveURL('/datapuntoret/chat');
    await expect(artaPage.getByTestId('chat-row')).toHaveCount(1);

    // The employer's phone layout too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/kryepuntor/chat');
    await page.getByTestId('chat-row').filter({ hasText: 'Arta Hoxha' }).click();
    const employerConversation = page.getByRole('region', { name: 'Arta Hoxha' });
    await expect(employerConversation.getByText('Përshëndetje nga telefoni')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    expect(await seriousViolations(page)).toEqual([]);
    await employerConversation.getByRole('button', { name: 'Kthehu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bisedat' })).toBeVisible();

    await artaPage.context().close();
  });

  test('older messages load on scrolling up, keeping the place', async ({ page, request }) => {
    test.slow();
    const { conversation, messages } = await chatOfFiftyFive(page, request);
    // Opened at the newest message.
    await expect(messages.last()).toContainText('Mesazhi 55');
    await expect(messages.last()).toBeInViewport();
    await expect(conversation.getByText('Mesazhi 6', { exact: true })).not.toBeInViewport();

    await conversation.getByRole('log').evaluate((log) => {
      log.scrollTop = 0;
    });
    await expect(messages).toHaveCount(55);
    await expect(conversation.getByText('Fillimi i bisedës')).toBeVisible();
    await expect(messages.first()).toContainText('Mesazhi 1');
    // The message that was at the top is still in view: the older page went above it.
    await expect(conversation.getByText('Mesazhi 6', { exact: true })).toBeInViewport();
  });

  test('an older page cancelled by a refresh of the chat loads again, the view still at the top', async ({
    page,
    request,
  }) => {
    test.slow();
    // The socket passes through here, so the test can say `refresh` as a server does after its link
    // between processes came back (docs/product.md#realtime).
    let toPage: ((message: string) => void) | undefined;
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      socket.connectToServer();
      toPage = (message) => socket.send(message);
    });
    const { conversation, messages } = await chatOfFiftyFive(page, request);
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

    // The older page is held until the refresh has started the chat's refetch, which cancels it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let olderAsked = 0;
    await page.route(/\/chat\/chats\/\d+\/messages\?.*before=/, async (route) => {
      olderAsked += 1;
      if (olderAsked === 1) {
        toPage?.('42["refresh",null]');
        await held;
      }
      await route.continue().catch(() => {});
    });
    await conversation.getByRole('log').evaluate((log) => {
      log.scrollTop = 0;
    });
    await expect.poll(() => olderAsked).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    release();
    await expect(messages).toHaveCount(55);
    await expect(messages.first()).toContainText('Mesazhi 1');
  });

  test('the installed app has a manifest and shows the offline page when the network is gone', async ({
    page,
    request,
    context,
  }) => {
    await openNewEmployer(page, request);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.name).toBe('Puna');
    const sizes = manifest.icons.map((icon: { src: string; sizes: string }) => `${icon.src} ${icon.sizes}`);
    expect(sizes).toEqual(expect.arrayContaining(['/icon-192x192.png 192x192', '/icon-512x512.png 512x512']));
    for (const icon of manifest.icons as { src: string }[]) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');

    // The areas register the service worker; with it active, a page that cannot load falls back.
    await page.goto('/kryepuntor/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Bisedat' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.goto('/kryepuntor/employee').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'Nuk ka lidhje me internetin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Provo përsëri · Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lista e punëtorëve');
  });
});
