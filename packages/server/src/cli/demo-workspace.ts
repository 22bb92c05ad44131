import {
  addDays,
  datesOfMonth,
  emptySchedule,
  isSunday,
  monthOf,
  SCHEDULE_DAYS,
  seededRandom,
  shiftMonth,
  type TSchedule,
  type TWageBasis,
  todayIn,
  weekdayIndex,
} from '@puna/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Executor, Tx } from '../db/executor';
import {
  chatMembers,
  chats,
  deviceGroupMembers,
  deviceGroups,
  devices,
  employees,
  employers,
  hoursEntries,
  messages,
  roles,
  scans,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/crypto';
import { instantOf, wallClockOf } from '../lib/zoned-time';
import { newDeviceSecret } from '../modules/devices/secrets';
import { assignMissingPins } from '../modules/employees/cards';
import { companyNameOf, timeZoneOf, updatePlan } from '../modules/employer-settings/service';

export const DEMO_WORKER = { email: 'punetor@puna.local', password: 'punetor-demo-2025' };

const DEMO_ROLES = ['Punëtor', 'Mjeshtër', 'Elektricist', 'Shofer'];

type DemoEmployee = {
  name: string;
  wages: TWageBasis;
  salary: number;
  role: string;
  shift?: 'week' | 'six' | 'late';
  /** The first day of employment; none: joins on the 15th of the current month (`demoJoinDate`). */
  since?: string;
};

/**
 * A dozen employees across the three pay bases with the years they joined; the first one gets the
 * demo worker login, the last one joins in the middle of the current month.
 */
const DEMO_EMPLOYEES: DemoEmployee[] = [
  { name: 'Arben Hoxha', wages: 'Orë', salary: 3.5, role: 'Punëtor', shift: 'week', since: '2018-04-02' },
  { name: 'Besa Kola', wages: 'Muaj', salary: 650, role: 'Mjeshtër', shift: 'six', since: '2016-09-05' },
  { name: 'Dritan Shehu', wages: 'Ditë', salary: 30, role: 'Punëtor', shift: 'week', since: '2021-03-01' },
  { name: 'Elira Marku', wages: 'Orë', salary: 4.25, role: 'Elektricist', shift: 'week', since: '2019-10-14' },
  { name: 'Fatos Gjoka', wages: 'Muaj', salary: 800, role: 'Mjeshtër', shift: 'six', since: '2015-02-02' },
  { name: 'Genta Dervishi', wages: 'Ditë', salary: 35.5, role: 'Shofer', shift: 'late', since: '2022-06-06' },
  { name: 'Ilir Basha', wages: 'Orë', salary: 3.75, role: 'Punëtor', since: '2020-01-13' },
  { name: 'Klea Prifti', wages: 'Muaj', salary: 520, role: 'Punëtor', shift: 'week', since: '2023-05-02' },
  { name: 'Luan Meta', wages: 'Ditë', salary: 28, role: 'Punëtor', shift: 'six', since: '2017-07-03' },
  { name: 'Mira Leka', wages: 'Orë', salary: 5, role: 'Elektricist', shift: 'week', since: '2021-11-08' },
  { name: 'Noel Çela', wages: 'Muaj', salary: 900, role: 'Mjeshtër', shift: 'week', since: '2014-03-03' },
  { name: 'Ëngjëll Rama', wages: 'Ditë', salary: 25, role: 'Shofer' },
];

/** The demo's newcomer joins on the 15th of the current month (later this month when today is before it). */
export const demoJoinDate = (today: string) => `${monthOf(today)}-15`;

function scheduleFor(shift: DemoEmployee['shift']): TSchedule | null {
  if (!shift) return null;
  const schedule = emptySchedule();
  const [startTime, endTime] = shift === 'late' ? ['10:00', '18:00'] : ['08:00', '16:00'];
  const days = shift === 'six' ? SCHEDULE_DAYS.slice(0, 6) : SCHEDULE_DAYS.slice(0, 5);
  for (const day of days) schedule[day] = { selected: true, startTime, endTime };
  if (shift === 'six') schedule.saturday = { selected: true, startTime: '08:00', endTime: '12:00' };
  return schedule;
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

/** Each employee's card: `04A1B2C3` and its position in hex (`04A1B2C301` …). */
export const demoCardOf = (index: number) => `04A1B2C3${(index + 1).toString(16).toUpperCase().padStart(2, '0')}`;
/** A card no employee holds, scanned twice today. */
export const DEMO_UNKNOWN_CARD = '04DEADBEEF';
/** How many employees (the first ones) have scans, and on how many working days before today. */
const SCANNING_EMPLOYEES = 8;
const SCAN_DAYS = 5;
/** This employee scans only in on the most recent scanned day: a missing checkout. */
const MISSING_CHECKOUT_EMPLOYEE = 3;

/** The last `count` working days (Monday to Friday) before today, oldest first. */
export function demoScanDays(today: string, count = SCAN_DAYS): string[] {
  const days: string[] = [];
  for (let date = addDays(today, -1); days.length < count; date = addDays(date, -1)) {
    if (weekdayIndex(date) < 5) days.unshift(date);
  }
  return days;
}

const clock = (minutes: number, seconds: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;

/** The Wi-Fi network the demo reader reports. */
export const DEMO_READER_SSID = 'Zyra';

/** How often the demo server makes its devices report in (well inside the 90 s online window). */
export const DEMO_HEARTBEAT_MS = 30_000;

/**
 * The demo's devices are not real, so nothing would ever report in for them and they would always
 * show Offline: while the demo server runs, this marks them heard from now, as a heartbeat would.
 */
export async function heartbeatDemoDevices(db: Executor, employerId: number, now: Date = new Date()): Promise<number> {
  const touched = await db
    .update(devices)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(devices.employerId, employerId),
        inArray(devices.deviceId, [`PUNA-DEMO-${employerId}`, `ZK-DEMO-${employerId}`]),
      ),
    )
    .returning({ id: devices.id });
  return touched.length;
}

/**
 * Registers a Puna reader and a ZKTeco clock as `registerDevice` does (the reader's secret is
 * generated and only its hash kept; a ZKTeco clock has none) and groups them as "Hyrjet".
 */
async function addDemoDevices(tx: Tx, employerId: number): Promise<{ reader: number; clock: number }> {
  const [reader, zkteco] = await tx
    .insert(devices)
    .values([
      {
        employerId,
        deviceId: `PUNA-DEMO-${employerId}`,
        name: 'Hyrja kryesore',
        protocol: 'puna',
        secretHash: newDeviceSecret().hash,
        confirmedAt: new Date(),
        // As if it had just reported in from the office Wi-Fi; the demo server keeps it reporting.
        ssid: DEMO_READER_SSID,
        lastSeenAt: new Date(),
      },
      // Confirmed already (a demo has no one at the clock); its network is learned from its first request.
      {
        employerId,
        deviceId: `ZK-DEMO-${employerId}`,
        name: 'Ora ZKTeco',
        protocol: 'zkteco',
        secretHash: null,
        confirmedAt: new Date(),
        lastSeenAt: new Date(),
      },
    ])
    .returning({ id: devices.id });
  if (!reader || !zkteco) throw new Error('demo device insert returned nothing');
  const [group] = await tx
    .insert(deviceGroups)
    .values({ employerId, name: 'Hyrjet' })
    .returning({ id: deviceGroups.id });
  if (!group) throw new Error('demo device group insert returned nothing');
  await tx.insert(deviceGroupMembers).values([
    { groupId: group.id, deviceId: reader.id },
    { groupId: group.id, deviceId: zkteco.id },
  ]);
  return { reader: reader.id, clock: zkteco.id };
}

/**
 * Scans as the ingestion stores them (device, seq per device, card UID, the holder at scan time,
 * the instant of the wall-clock time in the employer's zone): the first employees check in around
 * 08:00 and out around 16:15 on the last working days; one forgets to check out once; an unknown
 * card is scanned twice today.
 */
function demoScans(
  employeeIds: number[],
  device: { reader: number; clock: number },
  employerId: number,
  timeZone: string,
  today: string,
  now: Date,
) {
  const next = seededRandom(2000);
  const days = demoScanDays(today);
  const seqs = new Map<number, number>();
  const rows: (typeof scans.$inferInsert)[] = [];
  const scan = (deviceId: number, uid: string, employeeId: number | null, scannedAt: Date) => {
    const seq = (seqs.get(deviceId) ?? 0) + 1;
    seqs.set(deviceId, seq);
    rows.push({ employerId, deviceId, seq, uid, employeeId, scannedAt });
  };
  for (const [dayIndex, date] of days.entries()) {
    const day: { at: Date; deviceId: number; uid: string; employeeId: number }[] = [];
    for (const [index, employeeId] of employeeIds.slice(0, SCANNING_EMPLOYEES).entries()) {
      const deviceId = index < 6 ? device.reader : device.clock;
      const uid = demoCardOf(index);
      const first = instantOf(date, clock(7 * 60 + 55 + Math.floor(next() * 16), Math.floor(next() * 60)), timeZone);
      day.push({ at: first, deviceId, uid, employeeId });
      const last = instantOf(date, clock(16 * 60 + Math.floor(next() * 31), Math.floor(next() * 60)), timeZone);
      if (!(index === MISSING_CHECKOUT_EMPLOYEE && dayIndex === days.length - 1)) {
        day.push({ at: last, deviceId, uid, employeeId });
      }
    }
    // Each device numbers its scans in the order it read them.
    day.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const row of day) scan(row.deviceId, row.uid, row.employeeId, row.at);
  }
  // Today's unknown card: a few minutes before now (not before midnight), never in the future.
  const [hour, minute] = wallClockOf(now, timeZone).time.split(':').map(Number);
  const nowMinutes = (hour ?? 0) * 60 + (minute ?? 0);
  for (const before of [12, 10]) {
    scan(
      device.reader,
      DEMO_UNKNOWN_CARD,
      null,
      instantOf(today, clock(Math.max(0, nowMinutes - before), 0), timeZone),
    );
  }
  return rows;
}

const DEMO_MESSAGES: { from: 'employer' | 'worker'; content: string; minutesAgo: number }[] = [
  { from: 'employer', content: 'Mirëmëngjes Arben! Nesër fillojmë në kantierin e ri në orën 8:00.', minutesAgo: 180 },
  { from: 'worker', content: 'Mirëmëngjes! Në rregull, do të jem aty në kohë.', minutesAgo: 170 },
  { from: 'employer', content: 'Mos harro të skanosh kartën te hyrja kryesore.', minutesAgo: 95 },
  { from: 'worker', content: 'Faleminderit, e kam me vete.', minutesAgo: 90 },
];

/**
 * A direct chat between the employer and the demo worker, stored as `createChat` and
 * `storeMessage` store it: both members, the messages under their senders' names, and each
 * member's read mark at its own last message (the worker's last reply is unread).
 */
async function addDemoChat(tx: Tx, employerId: number, worker: { id: number; name: string }, now: Date) {
  const employer = { name: (await companyNameOf(tx, employerId)) ?? '' };
  const [chat] = await tx
    .insert(chats)
    .values({ employerId, type: 'direct', name: null, directEmployeeId: worker.id })
    .returning({ id: chats.id });
  if (!chat) throw new Error('demo chat insert returned nothing');
  const stored = await tx
    .insert(messages)
    .values(
      DEMO_MESSAGES.map((message, index) => ({
        chatId: chat.id,
        employerId,
        senderType: message.from,
        senderId: message.from === 'employer' ? employerId : worker.id,
        senderName: message.from === 'employer' ? (employer?.name ?? '') : worker.name,
        clientMessageId: `demo-${index + 1}`,
        content: message.content,
        createdAt: new Date(now.getTime() - message.minutesAgo * 60_000),
      })),
    )
    .returning({ id: messages.id, senderType: messages.senderType });
  const lastOf = (type: string) => Math.max(0, ...stored.filter((m) => m.senderType === type).map((m) => m.id));
  await tx.insert(chatMembers).values([
    { chatId: chat.id, memberType: 'employer', memberId: employerId, lastReadMessageId: lastOf('employer') },
    {
      chatId: chat.id,
      memberType: 'worker',
      memberId: worker.id,
      employeeId: worker.id,
      lastReadMessageId: lastOf('worker'),
    },
  ]);
}

/**
 * Fills the demo employer's workspace once: Kosovo's labour rules on, roles, a dozen employees with
 * schedules, cards and start dates (years ago, one joining this month), a worker login, hours for last month and this month up to today, and the premium features: a
 * Puna reader and a ZKTeco clock in one group, a week of scans and a chat with the worker. Does
 * nothing if it has employees.
 */
export async function loadDemoWorkspace(
  deps: { db: Db; config: Pick<AppConfig, 'defaultTimeZone'> },
  employerId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const { db } = deps;
  const [existing] = await db.select({ n: count() }).from(employees).where(eq(employees.employerId, employerId));
  if ((existing?.n ?? 0) > 0) return false;
  const timeZone = await timeZoneOf(deps, employerId);
  const today = todayIn(timeZone, now);
  const months = [shiftMonth(monthOf(today), -1), monthOf(today)];
  const passwordHash = await hashPassword(DEMO_WORKER.password);

  await db.transaction(async (tx) => {
    // Premium as the admin grants it; the list type stays klista, so the hours shown are the entered ones.
    await updatePlan(tx, employerId, {
      rolesSeeded: true,
      limitWorkers: 25,
      type: 'premium',
      transactionId: 'DEMO',
      transactionDate: today,
      listType: 'klista',
    });
    // The payroll statement under Kosovo's labour law (month close, payslips) is on for the demo, with
    // a made-up NUI and address for its payslips and declaration list.
    await tx
      .update(employers)
      .set({
        jurisdiction: 'XK',
        applyLabourRules: true,
        fiscalNumber: '811000001',
        address: 'Rruga Agim Ramadani 15, Prishtinë',
      })
      .where(eq(employers.id, employerId));
    await tx
      .insert(roles)
      .values(DEMO_ROLES.map((name, position) => ({ employerId, name, position })))
      .onConflictDoNothing();
    const created = await tx
      .insert(employees)
      .values(
        DEMO_EMPLOYEES.map((employee, index) => ({
          employerId,
          name: employee.name,
          wages: employee.wages,
          salary: employee.salary,
          role: employee.role,
          schedule: scheduleFor(employee.shift),
          rfid: demoCardOf(index),
          startDate: employee.since ?? demoJoinDate(today),
        })),
      )
      .returning({ id: employees.id, name: employees.name, startDate: employees.startDate });
    // Clock PINs 1, 2, … as adding each employee through the app gives them.
    await assignMissingPins(tx, employerId);
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
    const rows = created.flatMap(({ id, startDate }, index) => {
      const next = seededRandom(1000 + index);
      return (
        months
          .flatMap((month) => datesOfMonth(month))
          // Hours from the first day of employment only (the newcomer's start this month).
          .filter((date) => date <= today && (startDate === null || date >= startDate))
          .flatMap((date) => {
            const hours = demoHours(next, date);
            return hours === null ? [] : [{ employerId, workerId: id, date, hours }];
          })
      );
    });
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(hoursEntries)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    const device = await addDemoDevices(tx, employerId);
    await tx.insert(scans).values(
      demoScans(
        created.map(({ id }) => id),
        device,
        employerId,
        timeZone,
        today,
        now,
      ),
    );
    if (first) await addDemoChat(tx, employerId, first, now);
  });
  return true;
}
