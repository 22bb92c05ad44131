import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import sq from '../locales/sq.json';
import { readStorage, storageKeys, writeStorage } from './storage';

export const languages = ['sq', 'en'] as const;
export type Language = (typeof languages)[number];

function isLanguage(value: string | null): value is Language {
  return value !== null && (languages as readonly string[]).includes(value);
}

type Messages = Record<string, unknown>;

/**
 * App-wide texts live in `src/locales`; each feature keeps its own in
 * `src/features/<feature>/locales/{sq,en}.json` under a top-level key named after the feature, so
 * features never edit one another's files. All are merged here.
 */
const featureLocales = import.meta.glob<Messages>('../features/*/locales/*.json', { eager: true, import: 'default' });

function messagesFor(language: 'sq' | 'en', base: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [file, messages] of Object.entries(featureLocales)) {
    if (file.endsWith(`/${language}.json`)) Object.assign(merged, messages);
  }
  return merged;
}

const stored = readStorage(storageKeys.language);
const initial: Language = isLanguage(stored) ? stored : 'sq';

void i18n.use(initReactI18next).init({
  resources: { sq: { translation: messagesFor('sq', sq) }, en: { translation: messagesFor('en', en) } },
  lng: initial,
  fallbackLng: 'sq',
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = initial;

export function setLanguage(language: Language): void {
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
  writeStorage(storageKeys.language, language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'sq';
}

/**
 * Validation sentences come from the domain's Zod schemas (shared with the server, in English).
 * The locale files translate the known ones; an unknown sentence is shown as it is.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const table = i18n.t('validation', { returnObjects: true }) as unknown;
  if (typeof table === 'object' && table !== null) {
    const translated = (table as Record<string, unknown>)[message];
    if (typeof translated === 'string') return translated;
  }
  return message;
}

export default i18n;
