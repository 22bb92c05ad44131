import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Text as long as the domain lets a person type it, and longer than any screen: unbroken words
 * (a name pasted without spaces, a link) and long phrases. Each is `length` characters.
 */
export function unbroken(seed: string, length: number): string {
  return seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
}

export function phrase(words: string, length: number): string {
  return unbroken(`${words} `, length - 1)
    .trimEnd()
    .padEnd(length, 'a');
}

/** A 150-character link, one unbroken word as far as line breaking goes. */
export const LONG_LINK = `https://furra-e-fshatit.example/${unbroken('porosite-e-javes/', 150)}`.slice(0, 150);

/** Where an element is drawn, relative to the window and to every ancestor that clips it sideways. */
function placement(element: Element): string | null {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return 'not drawn (zero size)';
  const round = (n: number) => Math.round(n);
  if (box.left < -1 || box.right > window.innerWidth + 1) {
    return `drawn at x ${round(box.left)}…${round(box.right)}, outside the window's 0…${window.innerWidth}`;
  }
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (parent === document.body || parent === document.documentElement) break;
    const style = getComputedStyle(parent);
    if (style.overflowX === 'visible') continue;
    const clip = parent.getBoundingClientRect();
    if (box.left < clip.left - 1 || box.right > clip.right + 1) {
      const name = `${parent.tagName.toLowerCase()}.${String(parent.className).split(' ').slice(0, 3).join('.')}`;
      return `cut off sideways by ${name} (x ${round(clip.left)}…${round(clip.right)}; it is at ${round(box.left)}…${round(box.right)})`;
    }
  }
  return null;
}

/**
 * Layout findings over many screens, asserted once at the end, so one run lists every screen and
 * button that breaks instead of stopping at the first.
 */
export class LayoutReport {
  private readonly findings: string[] = [];

  constructor(private readonly page: Page) {}

  private where(label: string): string {
    return `${label} @ ${this.page.viewportSize()?.width} px`;
  }

  note(label: string, problem: string): void {
    this.findings.push(`${this.where(label)}: ${problem}`);
  }

  /** The page is no wider than the window (nothing scrolls sideways). */
  async pageFits(label: string): Promise<void> {
    const { scrollWidth, innerWidth, culprits } = await this.page.evaluate(() => {
      // The innermost elements that reach past the window's right edge: where to look.
      const past = Array.from(document.body.querySelectorAll('*')).filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
      );
      const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
      return {
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth: window.innerWidth,
        culprits: innermost
          .slice(0, 3)
          .map(
            (element) =>
              `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 4).join('.')}`,
          ),
      };
    });
    if (scrollWidth > innerWidth) {
      this.note(label, `the page is ${scrollWidth} px wide in a ${innerWidth} px window (${culprits.join(', ')})`);
    }
  }

  /**
   * The control is shown, drawn inside the window sideways, and not cut off by a container that
   * clips (a table card, a dialog). `fold`: also above the window's bottom edge without scrolling.
   */
  async inView(control: Locator, label: string, options: { fold?: boolean } = {}): Promise<void> {
    try {
      await expect(control).toBeVisible({ timeout: 5_000 });
    } catch {
      this.note(label, 'not visible');
      return;
    }
    const problem = await control.evaluate(placement);
    if (problem) this.note(label, problem);
    if (options.fold) {
      const below = await control.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > window.innerHeight + 1 ? `its bottom is at ${Math.round(box.bottom)} px` : null;
      });
      if (below) this.note(label, `below the fold of a ${this.page.viewportSize()?.height} px window: ${below}`);
    }
  }

  /**
   * A dialog or a sheet lies wholly inside the window, asked again until it holds: a sheet slides in
   * (1 ms under reduced motion, yet its first frame can still be measured off to the side).
   */
  async boxInWindow(element: Locator, label: string): Promise<void> {
    const size = this.page.viewportSize();
    const outside = async (): Promise<string | null> => {
      const box = await element.boundingBox();
      if (!box || !size) return 'not drawn';
      if (box.x < -1 || box.x + box.width > size.width + 1) {
        return `drawn at x ${Math.round(box.x)}…${Math.round(box.x + box.width)} in a ${size.width} px window`;
      }
      return null;
    };
    let finding = await outside();
    for (const deadline = Date.now() + 3_000; finding && Date.now() < deadline; finding = await outside()) {
      await this.page.waitForTimeout(100);
    }
    if (finding) this.note(label, finding);
  }

  expectClean(): void {
    expect(this.findings).toEqual([]);
  }
}

/**
 * `a` and `b` are both drawn and do not overlap (a toast beside a button it must not cover), asked
 * again until it holds: a page drawn lazily can show its toast a moment before its top bar, and the
 * toast then moves below it.
 */
export async function expectApart(a: Locator, b: Locator, what: string): Promise<void> {
  const layout = async (): Promise<string> => {
    const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
    if (!boxA) return `${what}: the first is not drawn`;
    if (!boxB) return `${what}: the second is not drawn`;
    const overlap =
      boxA.x < boxB.x + boxB.width &&
      boxB.x < boxA.x + boxA.width &&
      boxA.y < boxB.y + boxB.height &&
      boxB.y < boxA.y + boxA.height;
    return overlap ? `${what}: ${JSON.stringify(boxA)} overlaps ${JSON.stringify(boxB)}` : 'apart';
  };
  await expect.poll(layout).toBe('apart');
}
