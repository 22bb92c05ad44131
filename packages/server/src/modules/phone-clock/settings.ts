import {
  effectivePhoneClock,
  type TEmployeePhoneClock,
  type TEmployeePhoneClockState,
  type TPhoneClockEffective,
  type TPhoneClockSettings,
  type TPhoneClockSettingsState,
} from '@puna/domain';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { phoneClockOverrideOf, setPhoneClockOverride } from '../employees/phone-clock';
import { EMPLOYEE_NOT_FOUND } from '../employees/service';
import { phoneClockSettingsOf, setPhoneClockSettings } from '../employer-settings/phone-clock';

/** Phone clock settings (docs/product.md#phone-clock): the employer's, and each employee's overrides. */

export const COMPANY_NOT_FOUND = 'Company not found.';

async function employerSettings(db: Executor, employerId: number): Promise<TPhoneClockSettingsState> {
  const settings = await phoneClockSettingsOf(db, employerId);
  if (!settings) throw notFound(COMPANY_NOT_FOUND);
  return settings;
}

/** GET /krye/phone-clock-settings. */
export function getPhoneClockSettings(deps: ServiceDeps, actor: Actor): Promise<TPhoneClockSettingsState> {
  return employerSettings(deps.db, tenantOf(actor));
}

/** PUT /krye/phone-clock-settings: the fields given change; answers the settings as they now are. */
export async function updatePhoneClockSettings(
  deps: ServiceDeps,
  actor: Actor,
  input: TPhoneClockSettings,
): Promise<TPhoneClockSettingsState> {
  const employerId = tenantOf(actor);
  await setPhoneClockSettings(deps.db, employerId, input);
  return employerSettings(deps.db, employerId);
}

/** What holds for one employee of the employer, with its name; 404 for another employer's. */
export async function effectiveFor(
  db: Executor,
  employerId: number,
  employeeId: number,
): Promise<{ name: string; settings: TPhoneClockSettingsState; effective: TPhoneClockEffective }> {
  const [settings, own] = await Promise.all([
    employerSettings(db, employerId),
    phoneClockOverrideOf(db, employerId, employeeId),
  ]);
  if (!own) throw notFound(EMPLOYEE_NOT_FOUND);
  return { name: own.name, settings, effective: effectivePhoneClock(settings, own) };
}

/** GET /krye/employees/{id}/phone-clock. */
export async function getEmployeePhoneClock(
  deps: ServiceDeps,
  actor: Actor,
  employeeId: number,
): Promise<TEmployeePhoneClockState> {
  const employerId = tenantOf(actor);
  const [settings, own] = await Promise.all([
    employerSettings(deps.db, employerId),
    phoneClockOverrideOf(deps.db, employerId, employeeId),
  ]);
  if (!own) throw notFound(EMPLOYEE_NOT_FOUND);
  return {
    phone_punches: own.phone_punches,
    phone_outside: own.phone_outside,
    phone_photo_required: own.phone_photo_required,
    effective: effectivePhoneClock(settings, own),
  };
}

/** PUT /krye/employees/{id}/phone-clock: the fields given change (null: the employer's). */
export async function updateEmployeePhoneClock(
  deps: ServiceDeps,
  actor: Actor,
  employeeId: number,
  input: TEmployeePhoneClock,
): Promise<TEmployeePhoneClockState> {
  if (!(await setPhoneClockOverride(deps.db, tenantOf(actor), employeeId, input))) throw notFound(EMPLOYEE_NOT_FOUND);
  return getEmployeePhoneClock(deps, actor, employeeId);
}
