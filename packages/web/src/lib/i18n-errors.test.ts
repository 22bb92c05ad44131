/** Error texts are translated by the catalog code, from the server's `code` or a zod issue's message. */
import { messages, ZEmail } from '@puna/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { initI18n, setLanguage } from './i18n';
import { translateError, translateMessage } from './i18n-errors';

beforeAll(async () => {
  // `lib/i18n` marks the page's language; the node test environment has no document.
  Object.assign(globalThis, { document: { documentElement: { lang: '' } } });
  await initI18n();
});

describe('error texts', () => {
  it("translates the server's code, whatever its sentence says", async () => {
    await setLanguage('sq');
    const taken = new ApiError(409, 'An older wording of the sentence.', { Error: 'x', code: 'emailTaken' });
    expect(translateError(taken, 'Gabim')).toBe('Ky email përdoret tashmë nga një llogari tjetër.');
  });

  it('translates a catalog sentence sent without a code, shows any other sentence as it is', async () => {
    await setLanguage('sq');
    expect(translateError(new ApiError(400, messages.roleExists, {}), 'Gabim')).toBe('Ky rol ekziston tashmë.');
    expect(translateError(new ApiError(400, 'Something new.', {}), 'Gabim')).toBe('Something new.');
    expect(translateError(new ApiError(500, '', {}), 'Gabim')).toBe('Gabim');
    expect(translateError(new TypeError('offline'), 'Gabim')).toBe('Gabim');
  });

  it("translates a form's own zod issue through the catalog", async () => {
    await setLanguage('sq');
    const issue = ZEmail.safeParse('').error?.issues[0]?.message;
    expect(translateMessage(issue)).toBe('Email-i është i detyrueshëm.');
    expect(translateMessage('Not a catalog sentence.')).toBe('Not a catalog sentence.');
    await setLanguage('en');
    expect(translateMessage(issue)).toBe('Email is required.');
    await setLanguage('sq');
  });
});
