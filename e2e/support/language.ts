import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEFAULT_ROLES, MONTH_NAMES, WAGE_BASES, WEEKDAY_NAMES } from '@puna/domain';

/**
 * "One language per screen" (issues 14 and 34): every text a person sees comes from the locale files
 * of the screen's language, or is data (names, e-mails, numbers, dates, money). A visible text that
 * is neither, such as a server sentence or a developer's field name, fails the check with the page
 * and the text. And since issue 34 the spec's English texts are the `en` locale only: an English
 * word from `ENGLISH_WORDS` on an Albanian screen, or an Albanian word from `ALBANIAN_WORDS` on an
 * English one, fails too, wherever it comes from (a locale file, the server, a weekday's name).
 */

type Tree = { [key: string]: string | Tree };

const web = path.join(import.meta.dirname, '..', '..', 'packages', 'web', 'src');

function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
}

export type ScreenLanguage = 'sq' | 'en';

/** Every text of a language's locale files (the app's, the errors' and each feature's). */
export function localeValues(language: ScreenLanguage): string[] {
  const files = [
    path.join(web, 'locales', `${language}.json`),
    path.join(web, 'locales', 'errors', `${language}.json`),
  ];
  for (const feature of readdirSync(path.join(web, 'features'))) {
    const file = path.join(web, 'features', feature, 'locales', `${language}.json`);
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
const escapeRegExpText = escapeRegExp;

/** Each locale value as a whole-text pattern, a `{{value}}` standing for any text. */
const patternsOf = (language: ScreenLanguage) =>
  localeValues(language).map(
    (value) =>
      new RegExp(
        `^${normalize(value)
          .split(/\{\{\s*\w+\s*\}\}/)
          .map(escapeRegExp)
          .join('.+?')}$`,
        's',
      ),
  );
const patterns: Record<ScreenLanguage, RegExp[]> = { sq: patternsOf('sq'), en: patternsOf('en') };

const englishNames = (options: Intl.DateTimeFormatOptions, dates: string[]) =>
  dates.map((date) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`)),
  );
/** 2024-01-01 was a Monday. */
const ENGLISH_WEEKDAYS = englishNames(
  { weekday: 'long' },
  ['01', '02', '03', '04', '05', '06', '07'].map((d) => `2024-01-${d}`),
);
const ENGLISH_MONTHS = englishNames(
  { month: 'long' },
  ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2024-${m}-15`),
);

/** 'Thu', 'Jan': the short names Intl gives an English date ('Thu, 1 Jan 2026'). */
const ENGLISH_SHORT_NAMES = [
  ...englishNames(
    { weekday: 'short' },
    ['01', '02', '03', '04', '05', '06', '07'].map((d) => `2024-01-${d}`),
  ),
  ...englishNames(
    { month: 'short' },
    ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2024-${m}-15`),
  ),
];

/**
 * Words shown as data in every language: default role names (stored as the employer's roles) and the
 * brand; and per language the weekday and month names (the domain's Albanian ones; Intl's English).
 */
const domainWords: Record<ScreenLanguage, string[]> = {
  sq: [...WEEKDAY_NAMES, ...MONTH_NAMES, ...WAGE_BASES, ...DEFAULT_ROLES, 'Puna'],
  en: [...ENGLISH_WEEKDAYS, ...ENGLISH_MONTHS, ...ENGLISH_SHORT_NAMES, ...DEFAULT_ROLES, 'Puna'],
};

/**
 * English words that have no place on an Albanian screen: the spec's texts (issue 34 translated
 * them) and the small words of any English sentence. Whole words, any case. Not 'Email', 'ID', 'PIN',
 * 'RFID', 'Premium', 'WiFi', 'Menu' (a clock's own menu, Albanian 'menuja') nor 'to' (Albanian
 * 'me to', with them), which Albanian screens use as they are.
 */
export const ENGLISH_WORDS = [
  'Login',
  'Logout',
  'Log in',
  'Sign Up',
  'Sign Out',
  'Password',
  'Remember me',
  'Edit',
  'Delete',
  'Dashboard',
  'Devices',
  'Connected',
  'Send',
  'Type a message',
  'No workers found',
  'Cancel',
  'Save',
  'Close',
  'Home',
  'Employees',
  'Employee',
  'Workers',
  'Worker',
  'Hours',
  'More',
  'Chats',
  'Chat',
  'Group',
  'Create',
  'Update',
  'Verify',
  'Back',
  'Name',
  'Actions',
  'Company',
  'Online',
  'Offline',
  'Select',
  'Loading',
  'Failed',
  'Error',
  'successfully',
  'Subscribe',
  'Access',
  'Viewing',
  'Welcome',
  'Explore',
  'Contact',
  'Message',
  'Search',
  'Details',
  'Transaction',
  'Manage',
  'Track',
  'Monitor',
  'Leave',
  'Calendar',
  'Today',
  'Payslip',
  'Month',
  'Week',
  'Total',
  'Yes',
  'Unknown',
  'Verified',
  'the',
  'and',
  'your',
  'you',
  'of',
  'for',
  'with',
  'not',
  'please',
  'is',
  'are',
  'was',
  'has',
  ...ENGLISH_WEEKDAYS,
  ...ENGLISH_MONTHS,
];

/** Albanian words that have no place on an English screen: weekdays, months and common UI words. */
export const ALBANIAN_WORDS = [
  ...WEEKDAY_NAMES,
  ...MONTH_NAMES.filter((month) => month !== 'Mars'),
  'Punëtor',
  'Punëtorë',
  'Punëtori',
  'Punëtorët',
  'Puntorë',
  'Shto',
  'Ndrysho',
  'Fshij',
  'Ruaj',
  'Anulo',
  'Mbyll',
  'Dërgo',
  'Kthehu',
  'Hyr',
  'Dil',
  'Regjistrohu',
  'Fjalëkalimi',
  'Paneli',
  'Pajisjet',
  'Orët',
  'Rroga',
  'Biseda',
  'Bisedat',
  'Kërko',
  'Zgjidh',
  'Shiko',
  'Gabim',
  'Provoni',
  'përsëri',
  'dhe',
  'një',
  'për',
  'nuk',
  'është',
  'të',
  'në',
  'ose',
  'juaj',
  'Muaji',
  'Pushimet',
  'Kalendari',
  'Fletëpagesa',
  'Sot',
];

const LETTER = String.raw`[\p{L}\p{N}]`;
const wordPattern = (words: readonly string[]) =>
  new RegExp(
    `(?<!${LETTER})(${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExpText)
      .join('|')})(?!${LETTER})`,
    'giu',
  );
const foreignWords: Record<ScreenLanguage, RegExp> = {
  sq: wordPattern(ENGLISH_WORDS),
  en: wordPattern(ALBANIAN_WORDS),
};

/** The other language's words in a text, after the data (names, e-mails) is taken out of it. */
export function foreignWordsIn(text: string, language: ScreenLanguage, data: readonly string[] = []): string[] {
  let rest = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  for (const word of [...data].sort((a, b) => b.length - a.length)) if (word) rest = rest.split(word).join(' ');
  return [...rest.matchAll(foreignWords[language])].map((match) => match[1] ?? '');
}

/** Numbers, dates, times, money and punctuation: data in any language. */
const DATA_SYMBOLS = /[\d\s.,:;/\-–—+%€#()·×=<>|«»"'!?*…@_]+/g;

function isData(text: string, data: readonly string[], language: ScreenLanguage): boolean {
  let rest = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  for (const word of [...data, ...domainWords[language]].sort((a, b) => b.length - a.length)) {
    if (word) rest = rest.split(word).join(' ');
  }
  return rest.replace(DATA_SYMBOLS, '') === '';
}

const isLocaleText = (text: string, language: ScreenLanguage) =>
  patterns[language].some((pattern) => pattern.test(text));

/** A visible text passes when it, its parent's or grandparent's whole text, or each of its parts is ours. */
function explained(
  candidate: { text: string; around: string[] },
  data: readonly string[],
  language: ScreenLanguage,
): boolean {
  const { text, around } = candidate;
  const isLocale = (value: string) => isLocaleText(value, language);
  if (isData(text, data, language) || isLocale(text)) return true;
  if (around.some((whole) => isLocale(whole))) return true;
  // A sentence built from parts ("Gabim gjatë fshirjes së rolit: <reason>", "name · month", a list).
  const parts = text
    .split(/: | · |, /)
    .map(normalize)
    .filter(Boolean);
  return parts.length > 1 && parts.every((part) => isData(part, data, language) || isLocale(part));
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

  /** `language`: the screens' language, 'sq' unless the walk switched the app to English. */
  constructor(
    data: readonly string[],
    readonly language: ScreenLanguage = 'sq',
  ) {
    this.data = data.map(normalize);
  }

  private stray(where: string, text: string): void {
    const list = this.strays.get(where) ?? new Set<string>();
    list.add(text);
    this.strays.set(where, list);
  }

  /** A text shown elsewhere than on a page (a mail's subject and body): no word of the other language. */
  checkText(text: string, where: string): void {
    const found = foreignWordsIn(text, this.language, this.data);
    if (found.length > 0) this.stray(where, `${found.join(', ')} in «${normalize(text).slice(0, 120)}»`);
  }

  /** More data the screens show (e.g. what other tests stored on a shared list). */
  addData(...more: string[]): void {
    this.data.push(...more.map(normalize));
  }

  async check(page: Page, where = page.url()): Promise<void> {
    for (const candidate of await visibleTexts(page)) {
      // Default role names are stored data (docs/product.md): 'Punëtor' stays 'Punëtor' in English.
      const foreign = foreignWordsIn(candidate.text, this.language, [...this.data, ...DEFAULT_ROLES]);
      if (foreign.length > 0) this.stray(where, `${candidate.text} (${foreign.join(', ')})`);
      else if (!explained(candidate, this.data, this.language)) this.stray(where, candidate.text);
    }
  }

  expectOneLanguage(): void {
    const found = [...this.strays].map(([where, texts]) => `${where}: ${[...texts].map((t) => `«${t}»`).join(', ')}`);
    const screens = this.language === 'sq' ? 'Albanian' : 'English';
    expect(
      found,
      `texts on ${screens} screens that are in no ${this.language} locale file or in the other language`,
    ).toEqual([]);
  }
}
