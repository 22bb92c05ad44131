import { describe, expect, it } from 'vitest';
import {
  fullYearEntitlement,
  isScheduledDay,
  LEAVE_RULES,
  leaveBalance,
  proRataEntitlement,
  rangeLength,
  rangesOverlap,
  scheduledHoursOn,
  workingDaysPerWeek,
} from './leave';
import { emptySchedule, type TSchedule } from './schedule';

function week(...days: (keyof TSchedule)[]): TSchedule {
  const schedule = emptySchedule();
  for (const day of days) schedule[day] = { selected: true, startTime: '08:00', endTime: '16:00' };
  return schedule;
}
const fiveDays = week('monday', 'tuesday', 'wednesday', 'thursday', 'friday');
const sixDays = week('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday');

describe('a scheduled day', () => {
  it('reads a worker with no schedule as working Monday to Friday', () => {
    expect(isScheduledDay(null, '2026-05-08')).toBe(true);
    expect(isScheduledDay(null, '2026-05-09')).toBe(false);
    expect(isScheduledDay(emptySchedule(), '2026-05-10')).toBe(false);
    expect(isScheduledDay(week('sunday'), '2026-05-10')).toBe(true);
    expect(isScheduledDay(week('sunday'), '2026-05-08')).toBe(false);
  });

  it('reads the scheduled hours of a day, a night shift whole', () => {
    expect(scheduledHoursOn(fiveDays, '2026-05-04')).toBe(8);
    expect(scheduledHoursOn(fiveDays, '2026-05-09')).toBeNull();
    expect(scheduledHoursOn(null, '2026-05-04')).toBeNull();
    const night = emptySchedule();
    night.monday = { selected: true, startTime: '22:00', endTime: '06:00' };
    expect(scheduledHoursOn(night, '2026-05-04')).toBe(8);
  });

  it('measures a range with both ends counted', () => {
    expect(rangeLength({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
    expect(rangeLength({ from: '2026-03-02', to: '2026-03-02' })).toBe(1);
  });

  it('tells overlapping ranges, sharing even one day', () => {
    expect(rangesOverlap({ from: '2026-03-02', to: '2026-03-06' }, { from: '2026-03-06', to: '2026-03-09' })).toBe(
      true,
    );
    expect(rangesOverlap({ from: '2026-03-02', to: '2026-03-05' }, { from: '2026-03-06', to: '2026-03-09' })).toBe(
      false,
    );
  });
});

describe('the annual entitlement', () => {
  it('is four weeks of the worker’s own working days by law: 20 for five days a week, 24 for six', () => {
    expect(workingDaysPerWeek(fiveDays)).toBe(5);
    const base = { jurisdiction: 'XK' as const, employerDays: null, workerDays: null };
    expect(fullYearEntitlement({ ...base, schedule: fiveDays })).toBe(20);
    expect(fullYearEntitlement({ ...base, schedule: sixDays })).toBe(24);
    expect(fullYearEntitlement({ ...base, jurisdiction: 'AL', schedule: null })).toBe(20);
  });

  it('takes the employer’s number when it gives more, never less than the law', () => {
    const base = { jurisdiction: 'XK' as const, schedule: fiveDays, workerDays: null };
    expect(fullYearEntitlement({ ...base, employerDays: 25 })).toBe(25);
    expect(fullYearEntitlement({ ...base, employerDays: 10 })).toBe(20);
  });

  it('takes a worker’s own override first', () => {
    expect(fullYearEntitlement({ jurisdiction: 'XK', schedule: fiveDays, employerDays: 25, workerDays: 30 })).toBe(30);
  });

  it('is pro rata by months for a worker who started during the year, rounded up', () => {
    expect(proRataEntitlement(20, 2026, '2025-06-10')).toBe(20);
    expect(proRataEntitlement(20, 2026, '2026-01-20')).toBe(20);
    // March to December: 10 months → 16.67 → 17.
    expect(proRataEntitlement(20, 2026, '2026-03-15')).toBe(17);
    expect(proRataEntitlement(20, 2026, '2026-07-01')).toBe(10);
    expect(proRataEntitlement(20, 2026, '2026-12-31')).toBe(2);
    expect(proRataEntitlement(20, 2026, '2027-01-01')).toBe(0);
  });

  it('pro-rates the year of leaving to the end date, counting its month whole', () => {
    expect(proRataEntitlement(20, 2026, '2020-05-04', '2026-06-30')).toBe(10);
    expect(proRataEntitlement(20, 2026, '2020-05-04', '2026-12-01')).toBe(20);
    expect(proRataEntitlement(20, 2026, '2026-03-02', '2026-08-14')).toBe(10);
    expect(proRataEntitlement(20, 2026, '2020-05-04', '2025-12-31')).toBe(0);
    expect(proRataEntitlement(20, 2026, '2020-05-04', '2027-02-28')).toBe(20);
    expect(proRataEntitlement(20, 2026, '2020-05-04', null)).toBe(20);
  });
});

describe('the balance', () => {
  it('adds the carried-over days and takes away the approved ones; pending shown apart', () => {
    expect(
      leaveBalance({
        entitled: 20,
        carriedOver: 3,
        annualTaken: 5,
        annualPending: 2,
        sickTaken: 0,
        jurisdiction: 'XK',
      }),
    ).toEqual({
      entitled: 20,
      carriedOver: 3,
      taken: 5,
      pending: 2,
      remaining: 18,
      sick: { taken: 0, paidDays: 20, over: 0 },
    });
  });

  it('shows sick days over the paid ones, without refusing them', () => {
    const balance = leaveBalance({
      entitled: 20,
      carriedOver: 0,
      annualTaken: 0,
      annualPending: 0,
      sickTaken: 23,
      jurisdiction: 'XK',
    });
    expect(balance.sick).toEqual({ taken: 23, paidDays: 20, over: 3 });
    expect(LEAVE_RULES.AL.paidSickDays).toBe(14);
  });
});
