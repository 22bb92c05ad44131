import { describe, expect, it } from 'vitest';
import { pinKey } from '../employees/cards';
import { isRealDateTime, isTableHeader, parseAttlog, parseAttlogLine, punchedPins } from './attlog';

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

describe('ATTLOG lines from the field, round two (issue 31)', () => {
  it.each([
    ['slashes', '1\t2026/11/11 08:01:00\t0\t1', '2026-11-11', '08:01:00'],
    ['an ISO T', '1\t2026-11-11T08:01:00\t0\t1', '2026-11-11', '08:01:00'],
    ['no seconds', '1\t2026-11-11 08:01\t0\t1', '2026-11-11', '08:01:00'],
    ['14 digits', '1\t20261111080100\t0\t1', '2026-11-11', '08:01:00'],
    ['day and month alike, the day first', '1\t11/11/2026 08:01:00\t0\t1', '2026-11-11', '08:01:00'],
    ['a first part over 12: day first', '1\t13/11/2026 08:01:00\t0\t1', '2026-11-13', '08:01:00'],
    ['a second part over 12: month first', '1\t11/13/2026 08:01:00\t0\t1', '2026-11-13', '08:01:00'],
    ['both 12 or less: day first', '1\t05/11/2026 08:01:00\t0\t1', '2026-11-05', '08:01:00'],
    ['day first with dots', '1\t05.11.2026 08:01:00\t0\t1', '2026-11-05', '08:01:00'],
    ['a one-digit hour', '1\t2026-11-11 8:01:00\t0\t1', '2026-11-11', '08:01:00'],
    ['slashes in a legacy space-separated line', '1 2026/11/11 08:01:00 0 1', '2026-11-11', '08:01:00'],
    ['14 digits in a legacy line', '1 20261111080100 0 1', '2026-11-11', '08:01:00'],
    ['date and time as two tab fields, no seconds', '1\t2026/11/11\t08:01\t0', '2026-11-11', '08:01:00'],
    ['an ISO T in a key=value line', 'PIN=1\tDateTime=2026-11-11T08:01:00\tVerified=1', '2026-11-11', '08:01:00'],
  ])('reads a time written with %s', (_case, line, date, time) => {
    expect(parseAttlogLine(line)).toEqual({ ok: true, pin: '1', date, time });
  });

  it.each([
    ['30 February with slashes', '1\t2025/02/30 08:00:00', /does not exist/],
    ['30 February in 14 digits', '1\t20250230080000', /does not exist/],
    ['a leap second with a T', '1\t2025-12-31T23:59:60', /does not exist/],
    ['month 13 either way', '1\t13/13/2026 08:00:00', /does not exist/],
    ['25 o’clock without seconds', '1\t2026-11-11 25:00', /does not exist/],
    ['a 13-digit stamp', '1\t2026111108010', /YYYY-MM-DD HH:MM:SS/],
    ['a two-digit year', '1\t11/11/26 08:00:00', /YYYY-MM-DD HH:MM:SS/],
  ])('still refuses %s', (_case, line, reason) => {
    const parsed = parseAttlogLine(line);
    expect(parsed).toMatchObject({ ok: false, raw: line });
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('refuses a line holding a NUL byte, keeping its raw text without the NUL', () => {
    const parsed = parseAttlogLine('1\0\t2026-11-11 08:01:00\t0\t1');
    expect(parsed).toEqual({
      ok: false,
      raw: '1\u2400\t2026-11-11 08:01:00\t0\t1',
      reason: 'the line holds a NUL byte',
    });
  });

  it('skips a TABLE= header line, as LAN agents write first', () => {
    expect(isTableHeader('TABLE=ATTLOG')).toBe(true);
    expect(isTableHeader('table=ATTLOG\r')).toBe(true);
    expect(isTableHeader('1\t2026-11-11 08:01:00')).toBe(false);
    expect(parseAttlog('TABLE=ATTLOG\r\n1\t2026-11-11 08:01:00\n').map((line) => line.ok)).toEqual([true]);
  });

  it('reads every form of the same punch as the same date and time', () => {
    const forms = [
      '2026/11/11 08:01:00',
      '2026-11-11T08:01:00',
      '2026-11-11 08:01',
      '20261111080100',
      '11/11/2026 08:01',
    ];
    const read = forms.map((form) => parseAttlogLine(`1\t${form}`));
    expect(new Set(read.map((line) => JSON.stringify(line)))).toEqual(
      new Set([JSON.stringify({ ok: true, pin: '1', date: '2026-11-11', time: '08:01:00' })]),
    );
  });
});
