import {
  breakRulesOf,
  defaultBreakRules,
  type TBreakRule,
  type TRosterSettings,
  type TRosterSettingsInput,
  ZBreakRule,
} from '@puna/domain';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { rosterSettingsOf, setRosterSettings } from '../employer-settings/service';

/**
 * The roster's settings (docs/product.md#shifts-and-the-roster): claims and swaps approved without
 * the employer, the no-show push, and the unpaid break minutes by shift length (null: the
 * jurisdiction's rule, docs/labour-rules.md#breaks).
 */

/** Stored rules read back: a list that is not one (never written by Puna) counts as none set. */
function storedRules(value: unknown): TBreakRule[] | null {
  const parsed = ZBreakRule.array().safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** An employer's roster settings; undefined without a row. */
export async function rosterSettings(db: Executor, employerId: number): Promise<TRosterSettings | undefined> {
  const row = await rosterSettingsOf(db, employerId);
  if (!row) return undefined;
  return {
    shift_requests_auto: row.shiftRequestsAuto,
    no_show_alert: row.noShowAlert,
    unpaid_break_rules: storedRules(row.unpaidBreakRules),
    break_rules_default: defaultBreakRules(row.jurisdiction),
  };
}

/** The unpaid break rules in force for an employer: its own, else its jurisdiction's. */
export async function breakRulesIn(db: Executor, employerId: number): Promise<TBreakRule[]> {
  const settings = await rosterSettings(db, employerId);
  return settings ? breakRulesOf(settings) : [];
}

/** GET /krye/roster-settings. */
export async function getRosterSettings(deps: ServiceDeps, actor: Actor): Promise<TRosterSettings> {
  const settings = await rosterSettings(deps.db, tenantOf(actor));
  if (!settings) throw notFound('Company not found.');
  return settings;
}

/** PUT /krye/roster-settings: answers the settings as they now are. */
export async function updateRosterSettings(
  deps: ServiceDeps,
  actor: Actor,
  input: TRosterSettingsInput,
): Promise<TRosterSettings> {
  await setRosterSettings(deps.db, tenantOf(actor), {
    shiftRequestsAuto: input.shift_requests_auto,
    noShowAlert: input.no_show_alert,
    unpaidBreakRules: input.unpaid_break_rules,
  });
  return getRosterSettings(deps, actor);
}
