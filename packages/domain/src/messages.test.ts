import { describe, expect, it } from 'vitest';
import { MAX_WORKER_LIMIT } from './admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';
import { CHAT_NAME_MAX } from './chat';
import { ZContactRequest } from './contact';
import { CORRECTION_NOTE_MAX } from './corrections-api';
import { MAX_SCANS_PER_BATCH } from './devices';
import { EMPLOYEE_NAME_MAX, PERSONAL_ID_MAX } from './employees';
import { MAX_HOURS_PER_DAY } from './hours';
import { MAX_ENTRIES_PER_REQUEST } from './hours-entries';
import { formatMessage, MESSAGE_CODES, matchMessage, messageCode, messages } from './messages';
import { MAX_PERIOD_DAYS } from './period';
import { ROLE_NAME_MAX } from './roles';

describe('the message catalog', () => {
  it('gives every sentence one code, so a sentence leads back to its code', () => {
    const sentences = MESSAGE_CODES.map((code) => messages[code]);
    expect(new Set(sentences).size).toBe(sentences.length);
    for (const code of MESSAGE_CODES) expect(messageCode(messages[code])).toBe(code);
    expect(messageCode('Some other sentence.')).toBeUndefined();
    expect(messageCode(undefined)).toBeUndefined();
  });

  it('names the limits the schemas enforce', () => {
    const cases: [string, number][] = [
      [messages.passwordTooShort, PASSWORD_MIN_LENGTH],
      [messages.passwordTooLong, PASSWORD_MAX_LENGTH],
      [messages.newPasswordTooShort, PASSWORD_MIN_LENGTH],
      [messages.newPasswordTooLong, PASSWORD_MAX_LENGTH],
      [messages.workerLoginPasswordMissing, PASSWORD_MIN_LENGTH],
      [messages.employeeNameTooLong, EMPLOYEE_NAME_MAX],
      [messages.roleNameTooLong, ROLE_NAME_MAX],
      [messages.hoursInvalid, MAX_HOURS_PER_DAY],
      [messages.hoursTooManyEntries, MAX_ENTRIES_PER_REQUEST],
      [messages.periodTooLong, MAX_PERIOD_DAYS],
      [messages.adminWorkerLimitTooLarge, MAX_WORKER_LIMIT],
      [messages.scansTooMany, MAX_SCANS_PER_BATCH],
      [messages.chatGroupNameTooLong, CHAT_NAME_MAX],
      [messages.personalIdInvalid, PERSONAL_ID_MAX],
      [messages.correctionNoteTooLong, CORRECTION_NOTE_MAX],
    ];
    for (const [sentence, limit] of cases) expect(sentence.split(/[ .]/)).toContain(String(limit));
  });

  it('is where the schemas take their messages from', () => {
    const result = ZContactRequest.safeParse({ name: '', email: 'worker@example.com', message: 42 });
    expect(result.success).toBe(false);
    const codes = result.error?.issues.map((issue) => messageCode(issue.message));
    expect(codes).toEqual(['nameRequired', 'messageNotText']);
  });

  it('reads a filled sentence back into its code and values', () => {
    const sentence = formatMessage('hoursDuplicate', { name: 'Arben Hoxha', date: '2025-03-03' });
    expect(sentence).toBe('Hours for Arben Hoxha on 2025-03-03 already exist.');
    expect(matchMessage(sentence)).toEqual({
      code: 'hoursDuplicate',
      params: { name: 'Arben Hoxha', date: '2025-03-03' },
    });
    expect(matchMessage(messages.roleExists)).toEqual({ code: 'roleExists', params: {} });
    expect(messageCode(formatMessage('workerLimit', { limit: 7 }))).toBe('workerLimit');
    expect(matchMessage('Hours for nobody.')).toBeUndefined();
  });
});
