import { addDays, messages, monthRange, ruleSetFor, weekStart } from '@puna/domain';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';
import { marksOf } from '../attendance/marks';
import { overtimeBeforeMonth } from '../closed-months/service';
import { listEmployeesOf } from '../employees/service';
import { labourSettingsOf } from '../employer-settings/service';
import { dailyHoursByWorker } from '../hours/service';
import { plannedDaysOf } from '../planned-days/service';
import { scannedDays } from '../rfid/days';
import { breakRulesIn } from '../roster/service';
import type { StatementInputs } from './statement';

/**
 * Everything an open month's statement is made of, read with a fixed number of queries whatever the
 * number of workers (docs/labour-rules.md#payroll): the employer's settings and rule set, its
 * employees, the planned days, the month's hours (entries, or scans and their corrections), the
 * overtime of the year's closed months and, when hours come from scans, the attendance marks. The
 * range starts on the Monday of the month's first week, whose earlier days count towards that
 * week's limit (a week is settled in the month of its Sunday).
 */
export async function readStatementInputs(
  deps: ServiceDeps,
  employerId: number,
  month: string,
): Promise<StatementInputs> {
  const settings = await labourSettingsOf(deps.db, employerId);
  if (!settings) throw notFound('Company not found.');
  if (!settings.applyLabourRules) throw conflict(messages.labourRulesOff);
  const ruleSet = ruleSetFor(settings.jurisdiction, month);
  if (!ruleSet) throw new AppError(422, messages.noRuleSetForMonth);

  const monthDays = monthRange(month);
  const range = { from: weekStart(monthDays.from), to: monthDays.to };
  // Both sources are read: the list type's pays, the other only tells whether hours sit in the
  // wrong one (an exception). The scanned days are read once for the pay and the marks: from the
  // first week's Monday (or the day before the month, the marks' night shifts) to the day after it.
  const scanRange = {
    from: [range.from, addDays(monthDays.from, -1)].sort()[0] as string,
    to: addDays(monthDays.to, 1),
  };
  // Every employee employed on some day of the month, archived since or not (docs/product.md#employees).
  const employees = await listEmployeesOf(deps.db, employerId, monthDays);
  // The planned days (schedule histories, holidays, company days, leave) are read once, for the
  // statement, the marks and the scans' pairing into shifts.
  const plannedRead = plannedDaysOf(deps.db, employerId, monthDays, undefined, { jurisdiction: settings.jurisdiction });
  const reads = Promise.all([
    scannedDays(deps, employerId, scanRange, undefined, {
      schedules: plannedRead.then((planned) => ({ employees, histories: planned.histories })),
    }),
    dailyHoursByWorker(deps.db, employerId, range),
    overtimeBeforeMonth(deps.db, employerId, month),
    plannedRead,
    breakRulesIn(deps.db, employerId),
  ]);
  // The attendance marks are exceptions only when the hours come from scans (docs/product.md#marks);
  // their own reads (tolerance, time zone, start days) go beside the statement's.
  const [[scannedAround, entered, overtimeBefore, planned, breakRules], marks] = await Promise.all([
    reads,
    settings.hoursFromScans
      ? marksOf(deps, employerId, monthDays, employees, {
          // Only the marks the exceptions list: not a mark object per worker and day.
          exceptionsOnly: true,
          known: reads.then(([days, , , planned]) => ({ days, planned })),
        })
      : undefined,
  ]);
  return {
    month,
    jurisdiction: settings.jurisdiction,
    hoursFromScans: settings.hoursFromScans,
    ruleSet,
    employees,
    scannedAround,
    entered,
    overtimeBefore,
    planned,
    marks,
    breakRules,
  };
}
