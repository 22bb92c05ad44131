import { describe, expect, it } from 'vitest';
import { wallClockOf, wallClockReader } from './zoned-time';

describe('wallClockReader', () => {
  it('agrees with wallClockOf second by second, across DST changes and odd offsets', () => {
    const cases: [string, string][] = [
      ['Europe/Tirane', '2025-03-30T00:58:00Z'], // spring forward at 01:00 UTC
      ['Europe/Tirane', '2025-10-26T00:58:00Z'], // fall back at 01:00 UTC
      ['Australia/Lord_Howe', '2025-04-05T14:58:00Z'], // a 30-minute DST change
      ['Asia/Kathmandu', '2025-06-01T10:00:00Z'], // +05:45
      ['Africa/Monrovia', '1970-12-31T23:58:00Z'], // −00:44:30 until 1972: seconds in the offset
    ];
    for (const [zone, from] of cases) {
      const read = wallClockReader(zone);
      const start = Date.parse(from);
      for (let s = 0; s < 240; s += 7) {
        const instant = new Date(start + s * 1000 + 250);
        expect(read(instant), `${zone} ${instant.toISOString()}`).toEqual(wallClockOf(instant, zone));
      }
    }
  });
});
