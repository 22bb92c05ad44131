import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { plannedDays, rangeHolidays } from './planned-day';
import {
  breakRulesOf,
  defaultBreakRules,
  isNoShow,
  paidShiftHours,
  rosteredDays,
  shiftSpan,
  shiftStateNow,
  unpaidBreakMinutes,
  ZRosterSettingsInput,
} from './roster';
import { clockChangeWithin, pairShifts, shiftHours } from './shifts';

/**
 * Attendance against the roster (docs/product.md#shifts-and-the-roster): a published shift is what a
 * day is measured against; its scans are paired to it across midnight; a no-show, the board's state
 * and the unpaid break follow from it.
 */

const night = shiftSpan({ start: '22:00', end: '06:00' });
const day = shiftSpan({ start: '08:00', end: '16:00' });
const state = (shift: { start: number; end: number }, now: number, scans: number[], onLeave = false) =>
  shiftStateNow({ shift, now, scans, toleranceMinutes: 10, onLeave }).state;

describe('scans paired to a roster shift', () => {
  it('pairs a 22:00–06:00 shift’s 21:55 and 06:02 scans into one shift on the start’s date', () => {
    const shifts = pairShifts(
      [
        { date: '2026-11-02', minutes: 21 * 60 + 55 },
        { date: '2026-11-03', minutes: 6 * 60 + 2 },
      ],
      { nightShiftOn: () => false },
    );
    expect(shifts).toEqual([{ date: '2026-11-02', first: 1315, last: 1802, count: 2 }]);
  });

  it('measures the date against the published night shift, the next morning included', () => {
    const rostered = rosteredDays(
      [{ date: '2026-11-02', start: '22:00', end: '06:00', break_minutes: 30 }],
      'Europe/Belgrade',
    );
    const [monday, tuesday] = plannedDays({
      from: '2026-11-02',
      to: '2026-11-03',
      schedule: null,
      holidays: rangeHolidays('XK', { from: '2026-11-02', to: '2026-11-03' }, []),
      rostered,
    });
    expect(monday).toMatchObject({ shift: { start: 1320, end: 1800 }, scheduledHours: 7.5, rosteredBreak: 30 });
    expect(tuesday).toMatchObject({ rosteredBreak: null });
  });

  for (const zone of ['Europe/Belgrade', 'Europe/Tirane']) {
    it(`counts a rostered night the clocks change by its real length (${zone})`, () => {
      // The last Sunday of March 2026 (29th): 02:00 → 03:00. Scans 21:55 Saturday, 06:02 Sunday.
      const spring = pairShifts(
        [
          { date: '2026-03-28', minutes: 1315 },
          { date: '2026-03-29', minutes: 362 },
        ],
        { nightShiftOn: () => false },
      )[0];
      expect(spring).toMatchObject({ date: '2026-03-28', first: 1315, last: 1802 });
      const springHours = shiftHours(1315, 1802, clockChangeWithin(zone, '2026-03-28', 1315, 1802));
      expect(springHours).toBe(7);
      // The last Sunday of October 2026 (25th): 03:00 → 02:00.
      const autumnHours = shiftHours(1315, 1802, clockChangeWithin(zone, '2026-10-24', 1315, 1802));
      expect(autumnHours).toBe(9);
      // Paid: less the 30-minute break of a day over 6 hours (Kosovo's default).
      expect(paidShiftHours(springHours, 0, defaultBreakRules('XK'))).toBe(6.5);
      expect(paidShiftHours(autumnHours, 0, defaultBreakRules('XK'))).toBe(8.5);
    });
  }
});

describe('a no-show', () => {
  it('is a shift with no scan 15 minutes after its start, while it runs', () => {
    expect(isNoShow(day, 480 + 14, [])).toBe(false);
    expect(isNoShow(day, 480 + 15, [])).toBe(true);
    // A scan up to two hours before the start is the arrival; one the evening before is not.
    expect(isNoShow(day, 500, [400])).toBe(false);
    expect(isNoShow(day, 500, [300])).toBe(true);
    // Over: no longer told.
    expect(isNoShow(day, 960, [])).toBe(false);
  });

  it('counts across midnight: a night shift is missing at 22:15, and at 01:00 the next day', () => {
    expect(isNoShow(night, 1335, [])).toBe(true);
    expect(isNoShow(night, 1440 + 60, [])).toBe(true);
    expect(isNoShow(night, 1440 + 60, [1315])).toBe(false);
  });
});

describe('a shift on the board of today', () => {
  it('is due, then in or late, missing after the tolerance, left when over, on leave', () => {
    expect(state(day, 400, [])).toBe('due');
    expect(state(day, 485, [])).toBe('due');
    expect(state(day, 491, [])).toBe('missing');
    expect(state(day, 500, [478])).toBe('in');
    expect(shiftStateNow({ shift: day, now: 540, scans: [520], toleranceMinutes: 10, onLeave: false })).toEqual({
      state: 'late',
      first: 520,
      lateBy: 40,
    });
    expect(state(day, 970, [478, 960])).toBe('left');
    expect(state(day, 970, [])).toBe('missing');
    expect(state(day, 500, [], true)).toBe('leave');
  });

  it('follows a night shift past midnight', () => {
    expect(state(night, 1440 + 120, [1315])).toBe('in');
    expect(state(night, 1440 + 120, [])).toBe('missing');
    expect(state(night, 1440 + 400, [1315, 1802])).toBe('left');
  });
});

describe('unpaid breaks by shift length', () => {
  it('take the rule with the highest length the shift is over', () => {
    const rules = [
      { from_minutes: 240, break_minutes: 15 },
      { from_minutes: 360, break_minutes: 30 },
      { from_minutes: 600, break_minutes: 60 },
    ];
    expect(unpaidBreakMinutes(rules, 240)).toBe(0);
    expect(unpaidBreakMinutes(rules, 241)).toBe(15);
    expect(unpaidBreakMinutes(rules, 480)).toBe(30);
    expect(unpaidBreakMinutes(rules, 660)).toBe(60);
    expect(unpaidBreakMinutes([], 660)).toBe(0);
    // Never longer than the shift.
    expect(unpaidBreakMinutes([{ from_minutes: 0, break_minutes: 45 }], 20)).toBe(20);
  });

  it('default to the jurisdiction’s rule; the employer’s replace it', () => {
    expect(defaultBreakRules('XK')).toEqual([{ from_minutes: 360, break_minutes: 30 }]);
    expect(defaultBreakRules('AL')).toEqual([{ from_minutes: 360, break_minutes: 20 }]);
    const own = [{ from_minutes: 300, break_minutes: 10 }];
    expect(breakRulesOf({ unpaid_break_rules: null, break_rules_default: defaultBreakRules('AL') })).toEqual(
      defaultBreakRules('AL'),
    );
    expect(breakRulesOf({ unpaid_break_rules: own, break_rules_default: defaultBreakRules('AL') })).toEqual(own);
  });

  it('keep the longer of the roster’s planned break and the rule’s, to the quarter hour', () => {
    expect(paidShiftHours(8, 45, defaultBreakRules('XK'))).toBe(7.25);
    expect(paidShiftHours(8, 0, defaultBreakRules('AL'))).toBe(7.75);
    expect(paidShiftHours(5, 0, defaultBreakRules('XK'))).toBe(5);
  });

  it('are set sorted, within bounds, or null', () => {
    const ok = { shift_requests_auto: false, no_show_alert: true };
    expect(ZRosterSettingsInput.safeParse({ ...ok, unpaid_break_rules: null }).success).toBe(true);
    const bad = [
      [
        { from_minutes: 400, break_minutes: 30 },
        { from_minutes: 300, break_minutes: 15 },
      ],
      [{ from_minutes: -1, break_minutes: 30 }],
      [{ from_minutes: 1441, break_minutes: 30 }],
      [{ from_minutes: 360, break_minutes: 181 }],
      [{ from_minutes: 360.5, break_minutes: 30 }],
      Array.from({ length: 13 }, (_, i) => ({ from_minutes: i * 60, break_minutes: 5 })),
      'none',
    ];
    for (const rules of bad) {
      const result = ZRosterSettingsInput.safeParse({ ...ok, unpaid_break_rules: rules });
      expect(result.error?.issues[0]?.message, JSON.stringify(rules)).toBe(messages.breakRulesInvalid);
    }
    const flag = ZRosterSettingsInput.safeParse({ ...ok, no_show_alert: 'on', unpaid_break_rules: null });
    expect(flag.error?.issues[0]?.message).toBe(messages.rosterSettingFlagInvalid);
  });
});
