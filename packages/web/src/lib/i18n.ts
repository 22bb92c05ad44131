/**
 * The app's texts in Albanian (the default) and English, with `useTranslation()` → `{ t, i18n }` as
 * react-i18next offers it, in a few hundred bytes instead of i18next's ~16 KB (gzip) in the first
 * chunk. What the locale files use is supported: nested keys (`a.b.c`), `{{name}}` interpolation
 * (not escaped: React escapes) and plurals by `count` (`key_one` / `key_other`, chosen by
 * `Intl.PluralRules`). Keys are typed from the Albanian texts (`i18n-keys.ts`). A missing text shows
 * the Albanian one when loaded, else its key. Error sentences are translated by their code in the
 * domain's message catalog by `i18n-errors.ts` (`translateMessage`, `translateError`), a module of its
 * own so that the catalog and the error texts (`locales/errors/*.json`) are downloaded with the
 * screens that show errors, not with the first page.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { TranslationKey } from './i18n-keys';
import { readStorage, storageKeys, writeStorage } from './storage';

export type { TranslationKey } from './i18n-keys';

export const languages = ['sq', 'en'] as const;
export type Language = (typeof languages)[number];

function isLanguage(value: string | null): value is Language {
  return value !== null && (languages as readonly string[]).includes(value);
}

type Messages = Record<string, unknown>;
/** Values for `{{name}}` placeholders; `count` also picks the plural form. */
export type TOptions = { count?: number } & Record<string, unknown>;
/** A key that does not exist in the Albanian texts fails the typecheck (`i18n-keys.ts`). */
export type TFunction = (key: TranslationKey, options?: TOptions) => string;

/**
 * App-wide texts live in `src/locales/{sq,en}.json`; each feature keeps its own in
 * `src/features/<feature>/locales/{sq,en}.json` under a top-level key named after the feature, so
 * features never edit one another's files. The error sentences (`errors.*`, one per catalog code)
 * are apart in `src/locales/errors/{sq,en}.json`. Only the language in use is downloaded: its
 * app-wide texts before the first render, its feature texts (one chunk per language,
 * `locales/features-*.ts`) together with the first signed-in area (`loadFeatureTexts`), and its error
 * texts together with the first area that can show an error (`loadErrorTexts`: the router waits for
 * them before it opens any area but the public pages), so the landing page carries neither.
 */
type Part = 'app' | 'features' | 'errors';
const texts: Record<Language, Record<Part, () => Promise<{ default: Messages }>>> = {
  sq: {
    app: () => import('../locales/sq.json'),
    features: () => import('../locales/features-sq'),
    errors: () => import('../locales/errors/sq.json'),
  },
  en: {
    app: () => import('../locales/en.json'),
    features: () => import('../locales/features-en'),
    errors: () => import('../locales/errors/en.json'),
  },
};
const store: Record<Language, Messages> = { sq: {}, en: {} };

/** Texts already added (or on their way), per language and part, so each is fetched once. */
const loaded = new Map<string, Promise<void>>();
/** The parts asked for so far (the app-wide texts from the start); a language switch loads them all. */
const wanted = new Set<Part>(['app']);

function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language}:${part}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = texts[language][part]().then(({ default: messages }) => {
      Object.assign(store[language], messages);
    });
    // A failed download (e.g. offline) may be tried again by the next caller.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/** A part in the current language from now on (and in the next language switched to). */
function want(part: Part): Promise<void> {
  wanted.add(part);
  return Promise.all([loadPart(current, 'app'), loadPart(current, part)]).then(() => undefined);
}

function loadTexts(language: Language): Promise<void> {
  return Promise.all([...wanted].map((part) => loadPart(language, part))).then(() => undefined);
}

const stored = readStorage(storageKeys.language);
let current: Language = isLanguage(stored) ? stored : 'sq';
const listeners = new Set<() => void>();

/** Loads the stored language's app-wide texts; the app renders once they are in. */
export function initI18n(): Promise<void> {
  document.documentElement.lang = current;
  return loadTexts(current);
}

/** The features' texts in the current language; the signed-in areas wait for it alongside their chunk. */
export function loadFeatureTexts(): Promise<void> {
  return want('features');
}

/** The error sentences in the current language (`errors.*`); every area with forms waits for them. */
export function loadErrorTexts(): Promise<void> {
  return want('errors');
}

/** Switches language once its texts are in (the app-wide ones, and the features' and errors' when loaded before). */
export async function setLanguage(language: Language): Promise<void> {
  await loadTexts(language);
  current = language;
  document.documentElement.lang = language;
  writeStorage(storageKeys.language, language);
  for (const listener of listeners) listener();
}

export function currentLanguage(): Language {
  return current;
}

function lookup(language: Language, key: string): unknown {
  let node: unknown = store[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return node;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function find(language: Language, key: string, count: number | undefined): unknown {
  if (count !== undefined) {
    let rules = pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      pluralRules.set(language, rules);
    }
    const plural = lookup(language, `${key}_${rules.select(count)}`) ?? lookup(language, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(language, key);
}

/** The text at `key` in the current language, placeholders filled from `options`. */
export const t: TFunction = (key, options = {}) => {
  const value = find(current, key, options.count) ?? (current === 'sq' ? undefined : find('sq', key, options.count));
  if (typeof value !== 'string') return key;
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in options ? String(options[name]) : placeholder,
  );
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `{ t, i18n: { language } }`; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: { language: Language } } {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  // A new `t` per language, so memoized values and effects that use it follow a switch.
  return useMemo(() => ({ t: (key, options) => t(key, options), i18n: { language } }), [language]);
}

/** Whether a text exists at `key`, in the current language or in Albanian (shown in its place). */
export function hasText(key: string): boolean {
  return typeof lookup(current, key) === 'string' || typeof lookup('sq', key) === 'string';
}
