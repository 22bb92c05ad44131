/**
 * Error texts in the current language, by their code in the domain's message catalog. A module of
 * its own, apart from `i18n.ts`, so the catalog (its sentences and the reverse map sentence → code)
 * is downloaded with the screens that show errors (forms, the signed-in areas), not with the first page.
 */
import { messageCode } from '@puna/domain/messages';
import { ApiError } from './api';
import { hasText, t } from './i18n';
import type { KeysUnder } from './i18n-keys';

/** The catalog codes that have a text under `errors` (all of them: `i18n-locales.test.ts`). */
export type ErrorCode = KeysUnder<'errors'>;

/** The text for a catalog code; a code this build has no text for (a newer server) gives undefined. */
function errorCodeText(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const key = `errors.${code}`;
  return hasText(key) ? t(key as `errors.${ErrorCode}`) : undefined;
}

/**
 * A sentence from the domain's schemas (a client-side zod issue, shared with the server, in
 * English) in the current language: the catalog gives its code, the `errors` texts its translation.
 * Any other sentence is shown as it is.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return errorCodeText(messageCode(message)) ?? message;
}

/**
 * A failed call's text in the current language: the server's `code` translated, else its sentence
 * (translated when it is a catalog sentence), else the screen's own fallback.
 */
export function translateError(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return (
    errorCodeText(error.code) ?? (error.serverMessage ? translateMessage(error.serverMessage) : undefined) ?? fallback
  );
}
