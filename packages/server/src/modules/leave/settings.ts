import {
  holidaysOf,
  LEAVE_RULES,
  type TDateRange,
  type TJurisdiction,
  type TLeaveSettings,
  type TLeaveSettingsRequest,
} from '@puna/domain';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { leaveSettingsOf, setAnnualLeaveDays } from '../employer-settings/service';
import { companyDaysIn } from '../holidays/service';

export async function employerLeaveSettings(
  db: Executor,
  employerId: number,
): Promise<{ jurisdiction: TJurisdiction; annualLeaveDays: number | null }> {
  const settings = await leaveSettingsOf(db, employerId);
  if (!settings) throw notFound('Company not found.');
  return settings;
}

/** Official days off of the jurisdiction and the company's own days in a range. */
export async function daysOffIn(db: Executor, employerId: number, jurisdiction: TJurisdiction, range: TDateRange) {
  const days = new Set<string>();
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year += 1) {
    for (const holiday of holidaysOf(jurisdiction, year).holidays) {
      if (holiday.dayOff && holiday.date >= range.from && holiday.date <= range.to) days.add(holiday.date);
    }
  }
  for (const day of await companyDaysIn(db, employerId, range)) days.add(day.date);
  return days;
}

/** GET /krye/leave/settings. */
export async function getLeaveSettings(deps: ServiceDeps, actor: Actor): Promise<TLeaveSettings> {
  const settings = await employerLeaveSettings(deps.db, tenantOf(actor));
  const rules = LEAVE_RULES[settings.jurisdiction];
  return {
    annual_leave_days: settings.annualLeaveDays,
    jurisdiction: settings.jurisdiction,
    minimum_weeks: rules.annualWeeks,
    paid_sick_days: rules.paidSickDays,
  };
}

/** PUT /krye/leave/settings: the employer's annual days for everyone (null: the legal minimum). */
export async function updateLeaveSettings(
  deps: ServiceDeps,
  actor: Actor,
  input: TLeaveSettingsRequest,
): Promise<TLeaveSettings> {
  await setAnnualLeaveDays(deps.db, tenantOf(actor), input.annual_leave_days);
  return getLeaveSettings(deps, actor);
}
