import { describe, expect, it } from 'vitest';
import { effectiveListType, hoursComeFromScans } from './list-type';

describe('the list an employer works with', () => {
  it.each([
    ['premium', 'rfid', 'rfid', true],
    ['premium', 'klista', 'klista', false],
    ['basic', 'rfid', 'klista', false],
    ['basic', 'klista', 'klista', false],
  ])('%s with %s chosen gets %s (hours from scans: %s)', (plan, chosen, list, fromScans) => {
    expect(effectiveListType(plan, chosen)).toBe(list);
    expect(hoursComeFromScans(plan, chosen)).toBe(fromScans);
  });
});
