import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { openPage } from './pages';

type AxeRuleSpec = { id: string; impact?: string | null };

/**
 * The rules that can only report a minor or moderate violation. Since axe-core 4.x every rule has an
 * impact of its own and each of its violations takes that impact (`_finalizeRuleResult` in axe.js
 * overwrites the checks' impacts with the rule's), so a rule whose impact is neither serious nor
 * critical can never fail `seriousViolations`: axe need not run it. They include `region` and the
 * landmark rules, which walk the whole page. A rule with no impact of its own is kept (and should a
 * later axe-core keep its rules elsewhere, the list is empty and every rule runs, as before).
 */
const MILD_RULES: string[] = (
  (createRequire(import.meta.url)('axe-core') as { _audit?: { rules?: AxeRuleSpec[] } })._audit?.rules ?? []
)
  .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
  .map((rule) => rule.id);

/** The two widths every page is checked at: a desktop and a phone (390 px, an iPhone 12–15). */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * Waits until no CSS animation or transition is running: a dialog fading in or a button changing
 * colour as the focus lands on it is measured half-way otherwise (a contrast "violation" of a
 * colour no one sees for more than 150 ms).
 */
async function settled(page: Page): Promise<void> {
  // Endless ones (a spinner, a pulsing dot) never settle and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** The page's serious and critical axe-core violations, in a shape that reads well in a diff. */
export async function seriousViolations(page: Page) {
  await settled(page);
  // Only violations are read: axe then skips gathering every passing node (a quarter of its time); and
  // only the rules that can report a serious or critical one run.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .disableRules(MILD_RULES)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

type Finding = { where: string; violations: Awaited<ReturnType<typeof seriousViolations>> };

/**
 * Collects violations over many pages and asserts once at the end, so one run lists every page
 * that needs a fix instead of stopping at the first.
 */
export class AxeReport {
  private readonly findings: Finding[] = [];

  async check(page: Page, where: string): Promise<void> {
    const violations = await seriousViolations(page);
    if (violations.length > 0) this.findings.push({ where: `${where} @ ${page.viewportSize()?.width} px`, violations });
  }

  expectClean(): void {
    expect(this.findings).toEqual([]);
  }
}

/** A second check made on each page while it is open (the language walk, language.ts). */
type PageCheck = { check(page: Page, where: string): Promise<void> };

/**
 * Each path at the given widths (both by default), checked by axe and, when given, by `also` (one
 * walk for both: opening a page costs more than either check).
 */
export async function checkPages(
  page: Page,
  report: AxeReport,
  paths: readonly string[],
  viewports: ReadonlyArray<(typeof VIEWPORTS)[number]> = VIEWPORTS,
  also?: PageCheck,
): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await openPage(page, path);
      await report.check(page, path);
      await also?.check(page, `${path} (${viewport.width} px)`);
    }
  }
}

/** How many elements in the dialog Tab can reach (as `useFocusTrap` counts them). */
function tabStops(dialog: Locator): Promise<number> {
  return dialog.evaluate(
    (element) =>
      Array.from(
        element.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ),
      ).filter((item) => item.getClientRects().length > 0).length,
  );
}

const focusInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

/**
 * An open modal: no serious axe violations, Tab and Shift+Tab keep the focus inside it however
 * often they are pressed (one round and a bit), and Escape closes it.
 */
export async function checkModal(page: Page, report: AxeReport, dialog: Locator, where: string): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog), { message: `${where}: focus moves into the dialog` }).toBe(true);
  await report.check(page, where);
  // Date inputs take several Tab presses (one per part); a round and a bit is enough either way.
  const presses = Math.min((await tabStops(dialog)) + 2, 40);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `${where}: focus left the dialog after ${key} × ${i + 1}`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog, `${where}: Escape closes the dialog`).toBeHidden();
}
