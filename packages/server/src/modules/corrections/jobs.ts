import {
  addDays,
  classifyDay,
  clockOfMinutes,
  localClockOf,
  minutesOnDay,
  scansOfShift,
  type TDayStatus,
  type TPlannedDay,
} from '@puna/domain';
import { attendanceReminders } from '../../db/schema';
import type { ServiceDeps } from '../../plugins/deps';
import { escapeHtml } from '../../plugins/mail';
import { clocksByWorker } from '../attendance/marks';
import { employerLoginEmails } from '../auth/service';
import { listEmployeesOf } from '../employees/service';
import { attendanceSettingsOf, claimDigest, premiumEmployers } from '../employer-settings/service';
import { plannedDaysOf } from '../planned-days/service';
import { employersScannedBetween, scannedDays, writeCorrection } from '../rfid/days';

/** The local hour each morning from which the previous day's digest is sent (docs/product.md#missed-punches). */
export const DIGEST_HOUR = 7;

export type ReminderOutcome = { reminded: number; closed: number };

/**
 * The missed-checkout job (docs/product.md#missed-punches), run every `attendanceJobIntervalMs`:
 * for each premium employer with recent scans, a worker whose scheduled shift of today (or of
 * yesterday: a night shift, or a day the job missed) ended more than the tolerance ago, with a first
 * scan and no checkout, is pushed once. With the automatic checkout on, the day is first closed at
 * the scheduled end (a correction of origin 'automatic', never over an existing correction; only a
 * shift that ends on its own date: a night shift gets the reminder only). "Once" holds across
 * processes: the reminder row is inserted first (ON CONFLICT DO NOTHING) and only its inserter pushes.
 */
export async function remindMissedCheckouts(deps: ServiceDeps, now: Date): Promise<ReminderOutcome> {
  const outcome: ReminderOutcome = { reminded: 0, closed: 0 };
  const premium = await premiumEmployers(deps.db);
  const zoneOf = new Map(premium.map((employer) => [employer.id, employer.timeZone]));
  const since = new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000);
  for (const employerId of await employersScannedBetween(deps, [...zoneOf.keys()], since, now)) {
    const timeZone = zoneOf.get(employerId);
    const settings = await attendanceSettingsOf(deps.db, employerId);
    if (!timeZone || !settings) continue;
    const clock = localClockOf(now, timeZone);
    const today = clock.date;
    const yesterday = addDays(today, -1);
    const range = { from: yesterday, to: today };
    const [staff, days, planned] = await Promise.all([
      listEmployeesOf(deps.db, employerId),
      scannedDays(deps, employerId, range),
      plannedDaysOf(deps.db, employerId, range, undefined, { jurisdiction: settings.jurisdiction }),
    ]);
    const clocks = clocksByWorker(days);
    for (const employee of staff) {
      // Each day against the schedule that held on it (docs/product.md#schedules-over-time).
      for (const { date, shift } of planned.daysOf(employee)) {
        if (!shift) continue;
        const scans = scansOfShift(clocks.get(employee.id) ?? [], date, shift);
        const status = classifyDay({
          date,
          shift,
          ...scans,
          toleranceMinutes: settings.toleranceMinutes,
          now: minutesOnDay(clock, date),
        });
        if (status.state !== 'noCheckout' || status.first === null) continue;
        let closedAt: string | null = null;
        if (settings.autoCheckout && shift.end <= 1440 && status.first < shift.end) {
          const firstTime = clockOfMinutes(status.first);
          const lastTime = shift.end === 1440 ? '23:59' : clockOfMinutes(shift.end);
          const write = { employerId, employeeId: employee.id, date, origin: 'automatic' as const };
          // Closed by this run or by another process's at the same moment: the reminder says so either way.
          closedAt = lastTime;
          if (await writeCorrection(deps.db, { ...write, firstTime, lastTime, actorUserId: null }, false)) {
            outcome.closed += 1;
            void deps.events.announce('scans.changed', {
              employerId,
              updates: [{ worker: { id: employee.id, name: employee.name }, scanData: [] }],
            });
          }
        }
        const claimed = await deps.db
          .insert(attendanceReminders)
          .values({ employeeId: employee.id, date, employerId })
          .onConflictDoNothing()
          .returning({ employeeId: attendanceReminders.employeeId });
        if (claimed.length === 0) continue;
        outcome.reminded += 1;
        await deps.events.announce('attendance.checkoutMissed', {
          employerId,
          employeeId: employee.id,
          date,
          shiftEnd: clockOfMinutes(shift.end),
          closedAt,
        });
      }
    }
  }
  return outcome;
}

/** The exceptions of a day the digest lists. */
export const DIGEST_KINDS = ['late', 'leftEarly', 'absent', 'noCheckout', 'unscheduledWork'] as const;
export type TDigestKind = (typeof DIGEST_KINDS)[number];
export type DigestLine = { employeeId: number; name: string; kinds: TDigestKind[] };

const KIND_LABELS: Record<TDigestKind, string> = {
  late: 'vonë',
  leftEarly: 'doli herët',
  absent: 'mungon',
  noCheckout: 'pa dalje',
  unscheduledWork: 'punë jashtë orarit',
};

/** A finished day's exceptions per worker (leave and days off excused), for the digest. */
export async function exceptionsOfDay(deps: ServiceDeps, employerId: number, date: string): Promise<DigestLine[]> {
  const settings = await attendanceSettingsOf(deps.db, employerId);
  if (!settings) return [];
  const range = { from: date, to: addDays(date, 1) };
  const [staff, days, planned] = await Promise.all([
    listEmployeesOf(deps.db, employerId),
    scannedDays(deps, employerId, range),
    plannedDaysOf(deps.db, employerId, { from: date, to: date }, undefined, { jurisdiction: settings.jurisdiction }),
  ]);
  const clocks = clocksByWorker(days);
  const lines: DigestLine[] = [];
  for (const employee of staff) {
    // The day against the schedule that held on it (docs/product.md#schedules-over-time).
    const [day] = planned.daysOf(employee) as [TPlannedDay];
    const shift = day.shift;
    const status: TDayStatus = classifyDay({
      date,
      shift,
      ...scansOfShift(clocks.get(employee.id) ?? [], date, shift),
      holiday: day.holiday !== null,
      onLeave: day.leave !== null,
      toleranceMinutes: settings.toleranceMinutes,
    });
    const kinds: TDigestKind[] = [];
    if (status.state === 'absent') kinds.push('absent');
    if (status.state === 'noCheckout') kinds.push('noCheckout');
    for (const flag of status.flags) kinds.push(flag);
    if (kinds.length > 0) lines.push({ employeeId: employee.id, name: employee.name, kinds });
  }
  return lines;
}

export type DigestOutcome = { employerId: number; date: string; lines: DigestLine[] }[];

/**
 * The daily digest (docs/product.md#missed-punches): each morning from 07:00 employer time, the
 * previous day's exceptions go to the employer as a push, and as an e-mail when SMTP is set. One a
 * day per employer across processes: `employers.digest_sent_on` is claimed with a conditional
 * UPDATE, and only the process whose UPDATE changed the row sends. A day without exceptions sends
 * nothing (the claim still marks it done).
 */
export async function sendDailyDigests(deps: ServiceDeps, now: Date): Promise<DigestOutcome> {
  const sent: DigestOutcome = [];
  for (const employer of await premiumEmployers(deps.db)) {
    const clock = localClockOf(now, employer.timeZone);
    if (clock.minutes < DIGEST_HOUR * 60) continue;
    const date = addDays(clock.date, -1);
    if (employer.digestSentOn !== null && employer.digestSentOn >= date) continue;
    if (!(await claimDigest(deps.db, employer.id, date))) continue;
    const lines = await exceptionsOfDay(deps, employer.id, date);
    if (lines.length === 0) continue;
    sent.push({ employerId: employer.id, date, lines });
    await deliverDigest(deps, employer.id, date, lines).catch((error: unknown) =>
      deps.log.warn({ err: error, employerId: employer.id }, 'daily digest failed'),
    );
  }
  return sent;
}

async function deliverDigest(deps: ServiceDeps, employerId: number, date: string, lines: DigestLine[]) {
  const counts = new Map<TDigestKind, number>();
  for (const line of lines) for (const kind of line.kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const summary = DIGEST_KINDS.filter((kind) => counts.has(kind))
    .map((kind) => `${counts.get(kind)} ${KIND_LABELS[kind]}`)
    .join(', ');
  await deps.events.announce('attendance.digest', { employerId, date, summary });
  if (!deps.config.smtpUrl) return;
  const recipients = await employerLoginEmails(deps.db, employerId);
  const rows = lines.map((line) => `${line.name}: ${line.kinds.map((kind) => KIND_LABELS[kind]).join(', ')}`);
  const text = [`Përjashtimet e ${date}: ${summary}.`, '', ...rows].join('\n');
  const html = `<p>Përjashtimet e ${escapeHtml(date)}: ${escapeHtml(summary)}.</p><ul>${rows
    .map((row) => `<li>${escapeHtml(row)}</li>`)
    .join('')}</ul>`;
  for (const email of recipients) {
    await deps.mailer.send({ to: email, subject: `Puna: përmbledhja e ${date}`, text, html });
  }
}

/** One tick of the attendance job: reminders (and automatic checkouts), then the digests. */
export async function runAttendanceJobs(deps: ServiceDeps, now: Date) {
  const reminders = await remindMissedCheckouts(deps, now);
  const digests = await sendDailyDigests(deps, now);
  return { ...reminders, digests: digests.length };
}
