import { ZScan } from '@puna/domain';
import { describe, expect, it } from 'vitest';
import { plainScan } from './ingest';

// `plainScan` takes a device's scan without zod when it plainly passes `ZScan`; whatever it takes,
// zod must take too, with the same data, and what it passes on goes to zod (which words refusals).
const seqs: unknown[] = [
  0,
  1,
  42,
  -0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  '7',
  null,
];
const uids: unknown[] = [
  'CAFE01',
  'a1b2c3d4',
  'PIN:0042',
  'AB-CD_EF',
  'X'.repeat(64),
  'X'.repeat(65),
  '',
  ' CAFE01',
  'CAFE01 ',
  'CA FE',
  'çafe',
  'CAFE\n',
  7,
];
const times: unknown[] = [
  '2025-03-03T07:00:00Z',
  '2025-03-03T07:00:00.123Z',
  '2025-03-03T07:00:00.123456789+01:00',
  '2025-03-03T07:00:00-05:30',
  '2024-02-29T00:00:00Z',
  '2025-02-29T00:00:00Z',
  '2025-13-01T00:00:00Z',
  '2025-03-03T24:00:00Z',
  '2025-03-03T07:00Z',
  '2025-03-03T07:00:00',
  '2025-03-03 07:00:00Z',
  '2025-03-03T07:00:00+0100',
  'yesterday',
  1741000000000,
];

describe('plainScan', () => {
  it('takes only what ZScan takes, as ZScan parses it, across seqs, uids and times', () => {
    let taken = 0;
    for (const seq of seqs)
      for (const uid of uids)
        for (const ts of times) {
          const item = { seq, uid, ts, extra: 'ignored' };
          const fast = plainScan(item);
          if (fast === null) continue;
          taken += 1;
          const parsed = ZScan.safeParse(item);
          expect(parsed.success, JSON.stringify(item)).toBe(true);
          expect(fast).toEqual(parsed.data);
        }
    // The usual scans do take the fast path (seqs 0, 1, 42, -0 and the largest safe one; 5 uids; 5 times).
    expect(taken).toBe(5 * 5 * 5);
  });

  it('leaves anything not an object to zod', () => {
    for (const item of [null, undefined, 'scan', 12, [1, 'CAFE01', '2025-03-03T07:00:00Z']]) {
      expect(plainScan(item)).toBeNull();
    }
  });
});
