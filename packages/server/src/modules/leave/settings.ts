import { LEAVE_RULES, type TJurisdiction, type TLeaveSettings, type TLeaveSettingsRequest } from '@puna/domain';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { leaveSettingsOf, setAnnualLeaveDays } from '../employer-settings/service';

export async function employerLeaveSettings(
  db: Executor,
  employerId: number,
): Promise<{ jurisdiction: TJurisdiction; annualLeaveDays: number | null }> {
  const settings = await leaveSettingsOf(db, employerId);
  if (!settings) throw notFound('Company not found.');
  return settings;
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
