/**
 * Error texts in the current language, by their code in the domain's message catalog. A module of
 * its own, apart from `i18n.ts`, so the catalog (its sentences and the reverse map sentence → code)
 * and the error texts (`locales/errors/*.json`) are downloaded with the screens that show errors
 * (forms, the signed-in areas), not with the landing page.
 */
import { WEEKDAY_NAMES } from '@puna/domain';
import { MESSAGE_DAY_NAMES, matchMessage } from '@puna/domain/messages';
import { ApiError } from './api';
import { currentLanguage, hasText, loadErrorTexts, t } from './i18n';
import type { KeysUnder } from './i18n-keys';

// The router waits for the error texts before it opens any screen that imports this module (every
// area but the public pages: `app/router.tsx`), so a screen's first error never shows a key. Asked
// for here as well, so a screen opened some other way (a test, a later route) still gets them.
// Not awaited (no top-level await): that would split React out of the entry chunk. Offline, a
// screen's errors show the server's sentence or the screen's fallback; the next call tries again.
loadErrorTexts().catch(() => undefined);

/** The catalog codes that have a text under `errors` (all of them: `i18n-locales.test.ts`). */
export type ErrorCode = KeysUnder<'errors'>;

/**
 * A sentence's values in the current language: a schedule day's English name (`{{day}}`) becomes
 * the Albanian weekday, a rate limit's wait (`{{wait}}`) Albanian minutes or seconds; names, dates
 * and numbers stay as they are.
 */
function localValues(params: Record<string, string>): Record<string, string> {
  if (currentLanguage() === 'en') return params;
  const local = { ...params };
  const day = MESSAGE_DAY_NAMES.indexOf(params.day as (typeof MESSAGE_DAY_NAMES)[number]);
  if (day >= 0) local.day = WEEKDAY_NAMES[day] ?? params.day ?? '';
  // A rate limit's wait, "5 minutes" / "1 second", in Albanian.
  const wait = /^(\d+) (second|minute)s?$/.exec(params.wait ?? '');
  if (wait) {
    const count = Number(wait[1]);
    const unit = wait[2] === 'second' ? ['sekondë', 'sekondash'] : ['minutë', 'minutash'];
    local.wait = `${count} ${count === 1 ? unit[0] : unit[1]}`;
  }
  return local;
}

/**
 * The text for a catalog code, with the values read back from the English sentence when the text
 * has placeholders; a code this build has no text for (a newer server) gives undefined.
 */
function errorCodeText(code: string | undefined, sentence?: string): string | undefined {
  if (!code) return undefined;
  const key = `errors.${code}`;
  if (!hasText(key)) return undefined;
  const match = matchMessage(sentence);
  return t(key as `errors.${ErrorCode}`, match?.code === code ? localValues(match.params) : undefined);
}

/**
 * A sentence from the domain's schemas (a client-side zod issue, shared with the server, in
 * English) in the current language: the catalog gives its code, the `errors` texts its translation.
 * Any other sentence is shown as it is.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return errorCodeText(matchMessage(message)?.code, message) ?? message;
}

/**
 * A failed call's text in the current language: the server's `code` translated, else its sentence
 * (translated when it is a catalog sentence), else the screen's own fallback.
 */
export function translateError(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return (
    errorCodeText(error.code, error.serverMessage) ??
    (error.serverMessage ? translateMessage(error.serverMessage) : undefined) ??
    fallback
  );
}
