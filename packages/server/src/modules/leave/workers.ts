import { readStoredSchedule, type TSchedule, todayIn } from '@puna/domain';
import type { Executor } from '../../db/executor';
import { notFound } from '../../lib/errors';
import { EMPLOYEE_NOT_FOUND, employeesWithStartOf } from '../employees/service';

export type Worker = {
  id: number;
  name: string;
  schedule: TSchedule | null;
  startDate: string;
  endDate: string | null;
};

/** The start date for leave pro rata is the employee's own, else the day it was added (employer's zone). */
function toWorker(
  row: {
    id: number;
    name: string;
    schedule: unknown;
    createdAt: Date;
    startDate: string | null;
    endDate: string | null;
  },
  timeZone: string,
): Worker {
  return {
    id: row.id,
    name: row.name,
    schedule: readStoredSchedule(row.schedule),
    startDate: row.startDate ?? todayIn(timeZone, row.createdAt),
    endDate: row.endDate,
  };
}

export async function workersOf(db: Executor, employerId: number, timeZone: string, id?: number): Promise<Worker[]> {
  const rows = await employeesWithStartOf(db, employerId, id === undefined ? {} : { id });
  return rows.map((row) => toWorker(row, timeZone)).sort((a, b) => a.name.localeCompare(b.name, 'sq') || a.id - b.id);
}

/** One worker of the employer, its row locked until the transaction ends (one leave decision at a time). */
export async function lockWorker(tx: Executor, employerId: number, id: number, timeZone: string): Promise<Worker> {
  const [row] = await employeesWithStartOf(tx, employerId, { id, lock: true });
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return toWorker(row, timeZone);
}
