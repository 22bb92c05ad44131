import {
  datesOfMonth,
  emptySchedule,
  isSunday,
  monthOf,
  SCHEDULE_DAYS,
  shiftMonth,
  type TSchedule,
  type TWageBasis,
  todayIn,
  weekdayIndex,
} from '@puna/domain';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { employees, employers, hoursEntries, roles, users } from '../db/schema';
import { hashPassword } from '../lib/crypto';

export const DEMO_WORKER = { email: 'punetor@puna.local', password: 'punetor-demo-2025' };

const DEMO_ROLES = ['Punëtor', 'Mjeshtër', 'Elektricist', 'Shofer'];

type DemoEmployee = { name: string; wages: TWageBasis; salary: number; role: string; shift?: 'week' | 'six' | 'late' };

/** A dozen employees across the three pay bases; the first one gets the demo worker login. */
const DEMO_EMPLOYEES: DemoEmployee[] = [
  { name: 'Arben Hoxha', wages: 'Orë', salary: 3.5, role: 'Punëtor', shift: 'week' },
  { name: 'Besa Kola', wages: 'Muaj', salary: 650, role: 'Mjeshtër', shift: 'six' },
  { name: 'Dritan Shehu', wages: 'Ditë', salary: 30, role: 'Punëtor', shift: 'week' },
  { name: 'Elira Marku', wages: 'Orë', salary: 4.25, role: 'Elektricist', shift: 'week' },
  { name: 'Fatos Gjoka', wages: 'Muaj', salary: 800, role: 'Mjeshtër', shift: 'six' },
  { name: 'Genta Dervishi', wages: 'Ditë', salary: 35.5, role: 'Shofer', shift: 'late' },
  { name: 'Ilir Basha', wages: 'Orë', salary: 3.75, role: 'Punëtor' },
  { name: 'Klea Prifti', wages: 'Muaj', salary: 520, role: 'Punëtor', shift: 'week' },
  { name: 'Luan Meta', wages: 'Ditë', salary: 28, role: 'Punëtor', shift: 'six' },
  { name: 'Mira Leka', wages: 'Orë', salary: 5, role: 'Elektricist', shift: 'week' },
  { name: 'Noel Çela', wages: 'Muaj', salary: 900, role: 'Mjeshtër', shift: 'week' },
  { name: 'Ëngjëll Rama', wages: 'Ditë', salary: 25, role: 'Shofer' },
];

function scheduleFor(shift: DemoEmployee['shift']): TSchedule | null {
  if (!shift) return null;
  const schedule = emptySchedule();
  const [startTime, endTime] = shift === 'late' ? ['10:00', '18:00'] : ['08:00', '16:00'];
  const days = shift === 'six' ? SCHEDULE_DAYS.slice(0, 6) : SCHEDULE_DAYS.slice(0, 5);
  for (const day of days) schedule[day] = { selected: true, startTime, endTime };
  if (shift === 'six') schedule.saturday = { selected: true, startTime: '08:00', endTime: '12:00' };
  return schedule;
}

/** A small deterministic generator, so every demo load has the same hours. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One day's hours for the demo: weekdays 7–9 h, now and then 0 or 4, Saturdays short, a few Sundays. */
function demoHours(next: () => number, date: string): number | null {
  const roll = next();
  if (isSunday(date)) return roll < 0.15 ? ([4, 6, 8][Math.floor(next() * 3)] ?? 4) : null;
  if (weekdayIndex(date) === 5) return roll < 0.5 ? 4 + Math.floor(next() * 3) * 2 : null;
  if (roll < 0.05) return 0;
  if (roll < 0.12) return 4;
  return [7, 7.5, 8, 8, 8, 8.5, 9][Math.floor(next() * 7)] ?? 8;
}

/**
 * Fills the demo employer's workspace once: roles, a dozen employees with schedules, a worker
 * login and hours for last month and this month up to today. Does nothing if it has employees.
 */
export async function loadDemoWorkspace(db: Db, employerId: number, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(employees).where(eq(employees.employerId, employerId));
  if ((existing?.n ?? 0) > 0) return false;
  const [employer] = await db
    .select({ timeZone: employers.timeZone })
    .from(employers)
    .where(eq(employers.id, employerId));
  const today = todayIn(employer?.timeZone ?? 'Europe/Tirane', now);
  const months = [shiftMonth(monthOf(today), -1), monthOf(today)];
  const passwordHash = await hashPassword(DEMO_WORKER.password);

  await db.transaction(async (tx) => {
    await tx.update(employers).set({ rolesSeeded: true, limitWorkers: 25 }).where(eq(employers.id, employerId));
    await tx
      .insert(roles)
      .values(DEMO_ROLES.map((name, position) => ({ employerId, name, position })))
      .onConflictDoNothing();
    const created = await tx
      .insert(employees)
      .values(
        DEMO_EMPLOYEES.map((employee) => ({
          employerId,
          name: employee.name,
          wages: employee.wages,
          salary: employee.salary,
          role: employee.role,
          schedule: scheduleFor(employee.shift),
        })),
      )
      .returning({ id: employees.id });
    const first = created[0];
    if (first) {
      await tx
        .insert(users)
        .values({
          email: DEMO_WORKER.email,
          passwordHash,
          kind: 'worker',
          employerId,
          employeeId: first.id,
          isVerified: true,
        })
        .onConflictDoNothing();
    }
    const rows = created.flatMap(({ id }, index) => {
      const next = random(1000 + index);
      return months
        .flatMap((month) => datesOfMonth(month))
        .filter((date) => date <= today)
        .flatMap((date) => {
          const hours = demoHours(next, date);
          return hours === null ? [] : [{ employerId, workerId: id, date, hours }];
        });
    });
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(hoursEntries)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  });
  return true;
}
