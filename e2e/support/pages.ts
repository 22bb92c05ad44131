import { expect, type Page } from '@playwright/test';

/** Requests each page has in flight, counted from the moment `openPage` or
 * `requestsSettled` first sees the page. */
const inFlight = new WeakMap<Page, { count: number; lastChange: number }>();

function trackRequests(page: Page): { count: number; lastChange: number } {
  const known = inFlight.get(page);
  if (known) return known;
  const tracked = { count: 0, lastChange: Date.now() };
  const settle = () => {
    tracked.count = Math.max(0, tracked.count - 1);
    tracked.lastChange = Date.now();
  };
  page.on('request', () => {
    tracked.count += 1;
    tracked.lastChange = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  inFlight.set(page, tracked);
  return tracked;
}

/**
 * Opens `path` and waits until its screen has loaded: its h1 shown and no request in flight for
 * 100 ms. (Playwright's 'networkidle' waits a fixed 500 ms of silence on every page: over the
 * suite's hundred page visits that was most of a minute of idle cores. The sockets the app keeps
 * open are not requests, so neither wait counts them.)
 */
export async function openPage(page: Page, path: string): Promise<void> {
  trackRequests(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await requestsSettled(page);
}

/**
 * Waits until no request has been in flight for 100 ms (counted from the page's first `openPage`
 * or `requestsSettled`: on a page first seen here, requests that started earlier are not counted).
 */
export async function requestsSettled(page: Page): Promise<void> {
  const requests = trackRequests(page);
  await expect
    .poll(() => requests.count === 0 && Date.now() - requests.lastChange >= 100, {
      message: `${page.url()}: requests settle`,
      intervals: [50],
    })
    .toBe(true);
}
