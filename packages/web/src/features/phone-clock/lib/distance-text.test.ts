import { describe, expect, it } from 'vitest';
import { clockTimeOf, distanceText } from './distance-text';

describe('distanceText', () => {
  it('says metres under a kilometre and kilometres from one on', () => {
    expect(distanceText(34.6, 'en')).toBe('35 m');
    expect(distanceText(1234, 'en')).toBe('1.2 km');
    expect(distanceText(1234, 'sq')).toBe('1,2 km');
  });
});

describe('clockTimeOf', () => {
  it('gives the local 24-hour time, and nothing for what is no time', () => {
    const at = new Date(2026, 2, 3, 8, 2).toISOString();
    expect(clockTimeOf(at)).toBe('08:02');
    expect(clockTimeOf('not a time')).toBe('');
  });
});
