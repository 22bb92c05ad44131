import { describe, expect, it } from 'vitest';
import { inboxOrder, type TInboxItem } from './inbox';

const item = (key: string, isPending: boolean, createdAt: string): TInboxItem => ({
  key,
  isPending,
  createdAt,
  card: null,
});

describe('inboxOrder', () => {
  it('puts every pending request first, then the decided ones, the newest first within each', () => {
    const ordered = inboxOrder([
      item('leave-old-decided', false, '2026-11-01T08:00:00.000Z'),
      item('correction-old-pending', true, '2026-11-02T08:00:00.000Z'),
      item('leave-new-decided', false, '2026-11-20T08:00:00.000Z'),
      item('leave-new-pending', true, '2026-11-19T09:30:00.000Z'),
      item('correction-pending-9h-utc', true, '2026-11-19T10:00:00+01:00'),
    ]);
    expect(ordered.map((entry) => entry.key)).toEqual([
      'leave-new-pending',
      'correction-pending-9h-utc',
      'correction-old-pending',
      'leave-new-decided',
      'leave-old-decided',
    ]);
  });
});
