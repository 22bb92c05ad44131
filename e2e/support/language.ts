import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEFAULT_ROLES, MONTH_NAMES, WAGE_BASES, WEEKDAY_NAMES } from '@puna/domain';

/**
 * "One language per screen" (issue 14): every text a person sees in Albanian comes from the `sq`
 * locale files (whose values are Albanian, or the spec's own English strings), or is data (names,
 * e-mails, numbers, dates, money). A visible text that is neither, such as an English server
 * sentence or a developer's field name, fails the check with the page and the text.
 */

type Tree = { [key: string]: string | Tree };

const web = path.join(import.meta.dirname, '..', '..', 'packages', 'web', 'src');

function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
}

function sqValues(): string[] {
  const files = [path.join(web, 'locales', 'sq.json'), path.join(web, 'locales', 'errors', 'sq.json')];
  for (const feature of readdirSync(path.join(web, 'features'))) {
    const file = path.join(web, 'features', feature, 'locales', 'sq.json');
    try {
      readFileSync(file);
      files.push(file);
    } catch {
      // a feature without texts of its own
    }
  }
  return files.flatMap((file) => values(JSON.parse(readFileSync(file, 'utf8')) as Tree));
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each locale value as a whole-text pattern, a `{{value}}` standing for any text. */
const patterns = sqValues().map(
  (value) =>
    new RegExp(
      `^${normalize(value)
        .split(/\{\{\s*\w+\s*\}\}/)
        .map(escapeRegExp)
        .join('.+?')}$`,
      's',
    ),
);

/** Words the domain itself shows (weekdays, months, pay bases, default roles) and the brand. */
const domainWords = [...WEEKDAY_NAMES, ...MONTH_NAMES, ...WAGE_BASES, ...DEFAULT_ROLES, 'Puna'];

/** Numbers, dates, times, money and punctuation: data in any language. */
const DATA_SYMBOLS = /[\d\s.,:;/\-–—+%€#()·×=<>|«»"'!?*…@_]+/g;

function isData(text: string, data: readonly string[]): boolean {
  let rest = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  for (const word of [...data, ...domainWords].sort((a, b) => b.length - a.length)) {
    if (word) rest = rest.split(word).join(' ');
  }
  return rest.replace(DATA_SYMBOLS, '') === '';
}

const isLocaleText = (text: string) => patterns.some((pattern) => pattern.test(text));

/** A visible text passes when it, its parent's or grandparent's whole text, or each of its parts is ours. */
function explained(candidate: { text: string; around: string[] }, data: readonly string[]): boolean {
  const { text, around } = candidate;
  if (isData(text, data) || isLocaleText(text)) return true;
  if (around.some((whole) => isLocaleText(whole))) return true;
  // A sentence built from parts ("Gabim gjatë fshirjes së rolit: <reason>", "name · month", a list).
  const parts = text
    .split(/: | · |, /)
    .map(normalize)
    .filter(Boolean);
  return parts.length > 1 && parts.every((part) => isData(part, data) || isLocaleText(part));
}

/** The texts a person sees on the page now: visible text nodes, placeholders and chosen options. */
async function visibleTexts(page: Page): Promise<{ text: string; around: string[] }[]> {
  return page.evaluate(() => {
    const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    const shown = (element: Element | null): element is Element => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      const check = element as Element & { checkVisibility(options: Record<string, boolean>): boolean };
      return (
        box.width > 0 &&
        box.height > 0 &&
        check.checkVisibility({
          checkOpacity: true,
          checkVisibilityCSS: true,
          opacityProperty: true,
          visibilityProperty: true,
        })
      );
    };
    const found: { text: string; around: string[] }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = clean(node.textContent);
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TEXTAREA'].includes(parent.tagName)) continue;
      if (!shown(parent)) continue;
      const around = [clean(parent.textContent), clean(parent.parentElement?.textContent)];
      found.push({ text, around });
    }
    for (const field of Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[placeholder]'),
    )) {
      if (shown(field) && clean(field.placeholder)) found.push({ text: clean(field.placeholder), around: [] });
    }
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const chosen = select.selectedOptions[0];
      if (shown(select) && chosen && clean(chosen.textContent))
        found.push({ text: clean(chosen.textContent), around: [] });
    }
    return found;
  });
}

/** Collects what the page shows, checks it, and lists every text that is neither ours nor data. */
export class LanguageReport {
  private readonly strays = new Map<string, Set<string>>();
  private readonly data: string[];

  constructor(data: readonly string[]) {
    this.data = data.map(normalize);
  }

  /** More data the screens show (e.g. what other tests stored on a shared list). */
  addData(...more: string[]): void {
    this.data.push(...more.map(normalize));
  }

  async check(page: Page, where = page.url()): Promise<void> {
    for (const candidate of await visibleTexts(page)) {
      if (explained(candidate, this.data)) continue;
      const list = this.strays.get(where) ?? new Set<string>();
      list.add(candidate.text);
      this.strays.set(where, list);
    }
  }

  expectOneLanguage(): void {
    const found = [...this.strays].map(([where, texts]) => `${where}: ${[...texts].map((t) => `«${t}»`).join(', ')}`);
    expect(found, 'texts on Albanian screens that are in no sq locale file').toEqual([]);
  }
}
