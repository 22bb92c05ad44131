/** Error texts are translated by the catalog code, from the server's `code` or a zod issue's message. */
import { formatMessage, messages, scheduleDayProblem, ZEmail } from '@puna/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { initI18n, loadErrorTexts, setLanguage } from './i18n';
import { translateError, translateMessage } from './i18n-errors';

beforeAll(async () => {
  // `lib/i18n` marks the page's language; the node test environment has no document.
  Object.assign(globalThis, { document: { documentElement: { lang: '' } } });
  await initI18n();
  // The router waits for them before it opens a screen with forms (`app/router.tsx`).
  await loadErrorTexts();
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

  // The sentences issue 14 saw in English on Albanian screens, as the server or a form says them.
  it.each([
    [messages.accessDenied, 403, 'Nuk keni qasje këtu.'],
    [messages.loginInvalid, 401, 'Email-i ose fjalëkalimi është i gabuar.'],
    [messages.loginNotVerified, 403, 'Verifikoni email-in para se të hyni.'],
    [messages.adminWorkerLimitNegative, 400, 'Limiti i punëtorëve duhet të jetë 0 ose më shumë.'],
    [messages.emailTaken, 409, 'Ky email përdoret tashmë nga një llogari tjetër.'],
  ])('shows "%s" in Albanian', async (sentence, status, albanian) => {
    await setLanguage('sq');
    const code = Object.entries(messages).find(([, text]) => text === sentence)?.[0];
    expect(translateError(new ApiError(status, sentence, { Error: sentence, code }), 'Gabim')).toBe(albanian);
  });

  it('fills a sentence with values (the worker limit) in either language', async () => {
    const sentence = formatMessage('workerLimit', { limit: 5 });
    expect(sentence).toBe(
      'Your plan allows at most 5 workers. Delete a worker or ask the platform administrator to raise the limit.',
    );
    const refused = new ApiError(409, sentence, { Error: sentence, code: 'workerLimit' });
    await setLanguage('sq');
    expect(translateError(refused, 'Gabim')).toBe(
      'Plani juaj lejon deri në 5 punëtorë. Fshini një punëtor ose kërkojini administratorit të platformës ta rrisë limitin.',
    );
    await setLanguage('en');
    expect(translateError(refused, 'Error')).toBe(sentence);
    await setLanguage('sq');
  });

  it("names a schedule day with the Albanian weekday ('Saturday' → 'E Shtunë')", async () => {
    const problem = scheduleDayProblem('saturday', { selected: true, startTime: '', endTime: '' }) ?? '';
    expect(problem).toBe('Saturday: choose a start and an end time.');
    await setLanguage('sq');
    expect(translateMessage(problem)).toBe('E Shtunë: zgjidhni orën e fillimit dhe të mbarimit.');
    await setLanguage('en');
    expect(translateMessage(problem)).toBe(problem);
    await setLanguage('sq');
  });

  it('tells a rate limit in Albanian, with the wait in Albanian too', async () => {
    const sentence = formatMessage('tooManyLogins', { wait: '5 minutes' });
    await setLanguage('sq');
    expect(translateError(new ApiError(429, sentence, { Error: sentence, code: 'tooManyLogins' }), 'Gabim')).toBe(
      'Shumë përpjekje për të hyrë. Provoni përsëri pas 5 minutash.',
    );
    expect(translateMessage(formatMessage('tooManyWrongPasswords', { wait: '1 second' }))).toBe(
      'Shumë fjalëkalime të gabuara. Provoni përsëri pas 1 sekondë.',
    );
  });
});
