import { describe, expect, it } from 'vitest';
import { isRealDateTime, parseAttlog, parseAttlogLine, pinKey, punchedPins } from './attlog';

describe('ATTLOG lines from the field', () => {
  it.each([
    ['push 2.x, 7 tab fields', '1\t2026-01-05 08:04:00\t0\t1\t0\t0\t0', '1'],
    ['2 tab fields', '17\t2026-01-05 08:04:00', '17'],
    ['12 tab fields', '17\t2026-01-05 08:04:00\t0\t15\t0\t0\t0\t0\t0\t0\t0\t0', '17'],
    ['CRLF', '17\t2026-01-05 08:04:00\t0\t1\r', '17'],
    ['legacy, space separated', '1003 2026-01-05 08:04:00 0 1', '1003'],
    ['an alphanumeric PIN', 'A17\t2026-01-05 08:04:00\t0\t1', 'A17'],
    ['a PIN of 12 digits', '123456789012\t2026-01-05 08:04:00\t0\t1', '123456789012'],
    ['date and time as two tab fields', '5\t2026-01-05\t08:04:00\t0', '5'],
  ])('reads %s', (_case, line, pin) => {
    expect(parseAttlogLine(line)).toEqual({ ok: true, pin, date: '2026-01-05', time: '08:04:00' });
  });

  it.each([
    ['a leap second', '1\t2025-12-31 23:59:60\t0\t1', /does not exist/],
    ['30 February', '1\t2025-02-30 08:00:00\t0\t1', /does not exist/],
    ['year 0', '1\t0000-01-01 08:00:00\t0\t1', /does not exist/],
    ['24:00:00', '1\t2025-03-03 24:00:00\t0\t1', /does not exist/],
    ['no time', '1\t2025-03-03\t0\t1', /YYYY-MM-DD HH:MM:SS/],
    ['a PIN with a space inside its field', 'A 17\t2025-03-03 08:00:00', /PIN/],
    ['a PIN of 25 characters', `${'1'.repeat(25)}\t2025-03-03 08:00:00`, /PIN/],
    ['garbage', 'hello world', /YYYY-MM-DD|PIN/],
  ])('refuses %s with a reason, keeping the raw line', (_case, line, reason) => {
    const parsed = parseAttlogLine(line);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.reason).toMatch(reason);
      expect(parsed.raw).toBe(line);
    }
  });

  it('keeps every non-blank line of an upload, good and bad, in order', () => {
    const lines = parseAttlog('1\t2026-01-05 08:00:00\n\n2\t2026-02-30 08:00:00\r\n3 2026-01-05 09:00:00 0 1\n');
    expect(lines.map((line) => line.ok)).toEqual([true, false, true]);
  });

  it('checks real dates and times', () => {
    expect(isRealDateTime('2024-02-29', '00:00:00')).toBe(true);
    expect(isRealDateTime('2025-02-29', '00:00:00')).toBe(false);
    expect(isRealDateTime('2025-04-31', '12:00:00')).toBe(false);
  });

  it('matches numeric PINs without their leading zeros', () => {
    expect(pinKey('00123')).toBe('123');
    expect(pinKey('0')).toBe('0');
    expect(pinKey('000')).toBe('0');
    expect(pinKey('A017')).toBe('A017');
  });
});

describe('punchedPins', () => {
  it('finds the PINs that punched, zero-padded or not, and ignores other lines', () => {
    const body = '1\t2026-01-05 08:00:00\n000912345\t2026-01-05 08:01:00\t0\t1\n9123456\t2026-01-05 08:02:00\n';
    expect(punchedPins(body, ['912345', '555555'])).toEqual(['912345']);
    expect(punchedPins('912345\t2026-02-30 08:00:00\n', ['912345'])).toEqual([]);
    expect(punchedPins(body, [])).toEqual([]);
  });
});

describe('key=value ATTLOG lines (bridges, newer firmware)', () => {
  it('reads PIN and DateTime, split by tabs or runs of spaces', () => {
    expect(parseAttlogLine('PIN=1001\tDateTime=2025-09-02 14:32:11\tVerified=1\tStatus=0')).toEqual({
      ok: true,
      pin: '1001',
      date: '2025-09-02',
      time: '14:32:11',
    });
    expect(parseAttlogLine('PIN=1001    DateTime=2025-09-02 14:32:11    Verified=1    Status=0')).toMatchObject({
      ok: true,
      pin: '1001',
    });
    expect(parseAttlogLine('PIN=1001\tDateTime=2025-02-30 14:32:11')).toMatchObject({ ok: false });
  });
});
