import {
  fullYearEntitlement,
  leaveBalance,
  proRataEntitlement,
  type TLeaveAllowanceRequest,
  type TLeaveBalance,
  todayIn,
} from '@puna/domain';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { leaveAllowances, leaveRequests, leaveTypes } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { employerTimeZoneOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { EMPLOYEE_NOT_FOUND } from '../employees/service';
import { plannedDaysOf } from '../planned-days/service';
import { leaveDaysOf } from './counted-days';
import { employerLeaveSettings } from './settings';
import { workersOf } from './workers';

/**
 * Every worker's year (or one worker's): the annual entitlement (override, employer's days or the
 * law's minimum, pro rata from the start date), carried-over days, approved and pending annual
 * days, and approved sick days. A leave that crosses the year counts only its days inside it, each
 * against the schedule in force that day.
 */
export async function balancesOf(
  db: Executor,
  employerId: number,
  timeZone: string,
  year: number,
  employeeId?: number,
): Promise<TLeaveBalance[]> {
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  const [settings, workers, allowances, requests] = await Promise.all([
    employerLeaveSettings(db, employerId),
    workersOf(db, employerId, timeZone, employeeId),
    db
      .select({
        employeeId: leaveAllowances.employeeId,
        entitledDays: leaveAllowances.entitledDays,
        carriedOverDays: leaveAllowances.carriedOverDays,
      })
      .from(leaveAllowances)
      .where(
        and(
          eq(leaveAllowances.employerId, employerId),
          eq(leaveAllowances.year, year),
          employeeId === undefined ? undefined : eq(leaveAllowances.employeeId, employeeId),
        ),
      ),
    db
      .select({
        employeeId: leaveRequests.employeeId,
        fromDate: leaveRequests.fromDate,
        toDate: leaveRequests.toDate,
        days: leaveRequests.days,
        status: leaveRequests.status,
        kind: leaveTypes.kind,
      })
      .from(leaveRequests)
      .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.typeId))
      .where(
        and(
          eq(leaveRequests.employerId, employerId),
          inArray(leaveRequests.status, ['pending', 'approved']),
          inArray(leaveTypes.kind, ['annual', 'sick']),
          lte(leaveRequests.fromDate, range.to),
          gte(leaveRequests.toDate, range.from),
          employeeId === undefined ? undefined : eq(leaveRequests.employeeId, employeeId),
        ),
      ),
  ]);
  // A leave that crosses the year counts its days inside it from the planned days, of its workers only.
  const crossing = requests.filter((request) => request.fromDate < range.from || request.toDate > range.to);
  const planned =
    crossing.length === 0
      ? undefined
      : await plannedDaysOf(db, employerId, range, [...new Set(crossing.map((request) => request.employeeId))], {
          jurisdiction: settings.jurisdiction,
        });
  const allowanceOf = new Map(allowances.map((row) => [row.employeeId, row]));
  const scheduleOf = new Map(workers.map((worker) => [worker.id, worker.schedule]));
  const sums = new Map<number, { annualTaken: number; annualPending: number; sickTaken: number }>();
  for (const request of requests) {
    const inside = request.fromDate >= range.from && request.toDate <= range.to;
    const days =
      inside || !planned
        ? Number(request.days)
        : leaveDaysOf(
            planned,
            { id: request.employeeId, schedule: scheduleOf.get(request.employeeId) ?? null },
            {
              from: [request.fromDate, range.from].sort()[1] as string,
              to: [request.toDate, range.to].sort()[0] as string,
            },
          );
    const sum = sums.get(request.employeeId) ?? { annualTaken: 0, annualPending: 0, sickTaken: 0 };
    if (request.kind === 'annual' && request.status === 'approved') sum.annualTaken += days;
    else if (request.kind === 'annual') sum.annualPending += days;
    else if (request.status === 'approved') sum.sickTaken += days;
    sums.set(request.employeeId, sum);
  }
  return workers.map((worker) => {
    const allowance = allowanceOf.get(worker.id);
    const override = allowance?.entitledDays == null ? null : Number(allowance.entitledDays);
    const full = fullYearEntitlement({
      jurisdiction: settings.jurisdiction,
      schedule: worker.schedule,
      employerDays: settings.annualLeaveDays,
      workerDays: override,
    });
    // An override is the employer's own number for the year: no pro rata on it.
    const entitled = override !== null ? override : proRataEntitlement(full, year, worker.startDate, worker.endDate);
    const sum = sums.get(worker.id) ?? { annualTaken: 0, annualPending: 0, sickTaken: 0 };
    const balance = leaveBalance({
      entitled,
      carriedOver: Number(allowance?.carriedOverDays ?? 0),
      ...sum,
      jurisdiction: settings.jurisdiction,
    });
    return {
      employee_id: worker.id,
      name: worker.name,
      year,
      start_date: worker.startDate,
      entitled: balance.entitled,
      entitled_override: override,
      carried_over: balance.carriedOver,
      taken: balance.taken,
      pending: balance.pending,
      remaining: balance.remaining,
      sick: { taken: balance.sick.taken, paid_days: balance.sick.paidDays, over: balance.sick.over },
    };
  });
}

/** GET /krye/leave/balances. */
export async function listBalances(deps: ServiceDeps, actor: Actor, year?: number) {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const theYear = year ?? Number(todayIn(timeZone).slice(0, 4));
  const { jurisdiction } = await employerLeaveSettings(deps.db, employerId);
  return { year: theYear, jurisdiction, balances: await balancesOf(deps.db, employerId, timeZone, theYear) };
}

/** PUT /krye/leave/allowances/{employee_id}: the worker's own entitlement (null: computed) and carried-over days. */
export async function setAllowance(
  deps: ServiceDeps,
  actor: Actor,
  employeeId: number,
  input: TLeaveAllowanceRequest,
): Promise<TLeaveBalance> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const [worker] = await workersOf(deps.db, employerId, timeZone, employeeId);
  if (!worker) throw notFound(EMPLOYEE_NOT_FOUND);
  const values = { entitledDays: input.entitled_days, carriedOverDays: input.carried_over_days };
  await deps.db
    .insert(leaveAllowances)
    .values({ employerId, employeeId, year: input.year, ...values })
    .onConflictDoUpdate({ target: [leaveAllowances.employeeId, leaveAllowances.year], set: values });
  const [balance] = await balancesOf(deps.db, employerId, timeZone, input.year, employeeId);
  return balance as TLeaveBalance;
}
