import { compareNames, type TDateRange, type THoursOnLeave } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { employeeNamesOf } from '../employees/service';
import { approvedLeaveDays } from '../leave-days/service';

/**
 * The days of approved leave in a range for the hours list, by name then date (two queries: the
 * leave and the names). A worker deleted since is left out, like its entries.
 */
export async function leaveOnList(deps: ServiceDeps, actor: Actor, range: TDateRange): Promise<THoursOnLeave[]> {
  const employerId = tenantOf(actor);
  const days = await approvedLeaveDays(deps.db, employerId, range);
  const names = await employeeNamesOf(deps.db, employerId, [...new Set(days.map((day) => day.employeeId))]);
  const rows: THoursOnLeave[] = days.flatMap((day) => {
    const name = names.get(day.employeeId);
    return name === undefined
      ? []
      : [{ worker_id: day.employeeId, name, date: day.date, type: day.typeName, paid: day.paid }];
  });
  return rows.sort(
    (a, b) =>
      compareNames(a.name, b.name) || a.worker_id - b.worker_id || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0),
  );
}
