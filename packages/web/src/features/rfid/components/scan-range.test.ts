import { describe, expect, it } from 'vitest';
import { cardLabel, clockTime, scanRange } from './scan-range';

describe('scanRange', () => {
  it('shows the first to the last scan in hours and minutes', () => {
    expect(scanRange('08:02:00', '16:10:59', false)).toBe('08:02 – 16:10');
    expect(scanRange('08:00', '17:00', false)).toBe('08:00 – 17:00');
  });

  it('shows one time for a single scan', () => {
    expect(scanRange('07:58:12', '07:58:12', true)).toBe('07:58');
    expect(scanRange('07:58:12', '07:58:40', false)).toBe('07:58');
  });

  it('cuts the seconds off a clock time', () => {
    expect(clockTime('23:59:59')).toBe('23:59');
    expect(clockTime('06:05')).toBe('06:05');
  });
});

describe('cardLabel', () => {
  it("tells a ZKTeco clock's PIN from a card UID", () => {
    expect(cardLabel('PIN:17')).toEqual({ kind: 'pin', value: '17' });
    expect(cardLabel('04A1B2C3')).toEqual({ kind: 'card', value: '04A1B2C3' });
  });
});
