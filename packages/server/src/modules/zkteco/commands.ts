import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { deviceCommands, devices } from '../../db/schema';
import type { ClockIdentity, EventBus } from '../../lib/events';
import { yieldToEventLoop } from '../../lib/yield';
import { assignMissingPins, clockIdentitiesOf, clockIdentityOf } from '../employees/cards';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Clock names are plain: no tabs or line breaks, at most 24 bytes (the clock's field) of the UTF-8
 * Puna sends, cut between characters (a letter and its accents stay whole or go together).
 */
function clockName(name: string): string {
  let cut = '';
  for (const { segment } of graphemes.segment(name.replace(/[\t\r\n]/g, ' '))) {
    if (Buffer.byteLength(cut + segment) > 24) break;
    cut += segment;
  }
  return cut;
}

/** A card UID as ZKTeco firmware shows it: hex in brackets; decimal stays as it is. */
function clockCard(uid: string | null): string {
  if (!uid) return '';
  return /^\d+$/.test(uid) ? uid : `[${uid}]`;
}

export function userInfoCommand(identity: ClockIdentity & { pin: string }): string {
  return `DATA UPDATE USERINFO PIN=${identity.pin}\tName=${clockName(identity.name)}\tCard=${clockCard(identity.rfid)}`;
}

/** Card numbers a LAN bridge (pyzk) takes: 32-bit, decimal. */
const MAX_DECIMAL_CARD = 0xffff_ffffn;

/**
 * A card UID as a LAN bridge needs it: decimal (hex UIDs converted, `0A0B0C0D` → `168496141`), or
 * null when it does not fit a 32-bit card number (the user is then sent without a card).
 */
export function decimalCard(uid: string | null): string | null {
  if (!uid) return null;
  if (/^\d+$/.test(uid)) return BigInt(uid) <= MAX_DECIMAL_CARD ? String(BigInt(uid)) : null;
  if (!/^[0-9A-Fa-f]+$/.test(uid)) return null;
  const value = BigInt(`0x${uid}`);
  return value <= MAX_DECIMAL_CARD ? String(value) : null;
}

/** Why an employee is not sent (or sent without a card) to a clock taking numeric users only. */
export type NumericUserProblem = 'pin_not_numeric' | 'card_not_decimal';

export function numericUserProblem(identity: ClockIdentity): NumericUserProblem | null {
  if (identity.pin && !/^\d+$/.test(identity.pin)) return 'pin_not_numeric';
  if (identity.rfid && decimalCard(identity.rfid) === null) return 'card_not_decimal';
  return null;
}

/**
 * The USERINFO update for one clock: as ZKTeco firmware takes it, or, for a clock behind a LAN
 * bridge (`numericUsers`), with a numeric PIN and a decimal card; null when the PIN is not numeric
 * (that employee is listed under the clock's problems instead).
 */
export function userInfoCommandFor(identity: ClockIdentity & { pin: string }, numericUsers: boolean): string | null {
  if (!numericUsers) return userInfoCommand(identity);
  if (!/^\d+$/.test(identity.pin)) return null;
  return `DATA UPDATE USERINFO PIN=${identity.pin}\tName=${clockName(identity.name)}\tCard=${decimalCard(identity.rfid) ?? ''}`;
}

/**
 * The clocks' side of the domain events (lib/events.ts): an employee saved reaches every clock of
 * its employer, a roster request the one clock, as queued commands in the publisher's transaction.
 */
export function subscribeClockSync(events: EventBus): void {
  events.on('employee.saved', (tx, event) =>
    queueUserInfoUpdates(tx, event.employerId, event.employeeId, event.before),
  );
  events.on('clock.rosterRequested', (tx, event) =>
    queueAllUsers(tx, event.employerId, event.deviceId, { numericUsers: event.numericUsers }),
  );
}

/**
 * After an employee's name, card or PIN changed, queues for each of the employer's ZKTeco clocks
 * the USERINFO update (and a delete of a PIN no longer used), so the clock knows the card.
 */
export async function queueUserInfoUpdates(
  tx: Executor,
  employerId: number,
  employeeId: number,
  before: ClockIdentity | null,
): Promise<void> {
  const after = await clockIdentityOf(tx, employerId, employeeId);
  if (!after) return;
  const unchanged = before && before.name === after.name && before.rfid === after.rfid && before.pin === after.pin;
  if (unchanged) return;
  const commandsFor = (numericUsers: boolean) => {
    const commands: string[] = [];
    // A bridge was never sent a non-numeric PIN, so it has none to delete.
    const sentBefore = before?.pin && (!numericUsers || /^\d+$/.test(before.pin));
    if (before?.pin && sentBefore && before.pin !== after.pin) {
      commands.push(`DATA DELETE USERINFO PIN=${before.pin}`);
    }
    const update = after.pin ? userInfoCommandFor({ ...after, pin: after.pin }, numericUsers) : null;
    if (update) commands.push(update);
    return commands;
  };
  const clocks = await tx
    .select({ id: devices.id, numericUsers: devices.numericUsers })
    .from(devices)
    // A clock waiting for confirmation gets no employee data; it gets everyone once confirmed.
    .where(and(eq(devices.employerId, employerId), eq(devices.protocol, 'zkteco'), isNotNull(devices.confirmedAt)));
  const rows = clocks.flatMap((clock) =>
    commandsFor(clock.numericUsers).map((command) => ({ deviceId: clock.id, command })),
  );
  if (rows.length === 0) return;
  await tx.insert(deviceCommands).values(rows);
}

/**
 * Sends one clock every employee of its employer (each gets a PIN first if it has none): a clock
 * just confirmed, or one asked to upload everything again, learns the whole team.
 */
export async function queueAllUsers(
  tx: Executor,
  employerId: number,
  deviceId: number,
  options: { numericUsers?: boolean } = {},
): Promise<void> {
  await assignMissingPins(tx, employerId);
  const numericUsers =
    options.numericUsers ??
    (await tx.select({ numericUsers: devices.numericUsers }).from(devices).where(eq(devices.id, deviceId)))[0]
      ?.numericUsers ??
    false;
  const team = await clockIdentitiesOf(tx, employerId);
  const commands = team.flatMap((member) => {
    const command = member.pin ? userInfoCommandFor({ ...member, pin: member.pin }, numericUsers) : null;
    return command ? [{ deviceId, command }] : [];
  });
  for (let start = 0; start < commands.length; start += 500) {
    await tx.insert(deviceCommands).values(commands.slice(start, start + 500));
  }
}

/**
 * A command sent and not acknowledged is sent again (the answer may have been lost): after 5
 * minutes, then 10, 20 … doubling up to every 6 hours, so a clock that never acknowledges one is
 * not flooded with it. The Devices page shows it once a day has passed (`listDeviceProblems`).
 */
const resendDue = sql`${deviceCommands.sentAt} < now() - least(interval '6 hours', interval '5 minutes' * power(2, greatest(${deviceCommands.attempts} - 1, 0)))`;

/**
 * Commands for a clock, oldest first: never sent, or sent long ago and never acknowledged. One per
 * poll by default (`devices.commands_per_poll`): a bridge that reads one command per poll would
 * otherwise merge several into one and acknowledge only the first.
 */
export async function takePendingCommands(db: Executor, deviceId: number, limit = 1) {
  const pending = await db
    .select({ id: deviceCommands.id, command: deviceCommands.command })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.deviceId, deviceId),
        or(isNull(deviceCommands.sentAt), and(isNull(deviceCommands.ackedAt), resendDue)),
      ),
    )
    .orderBy(asc(deviceCommands.id))
    .limit(Math.max(1, limit));
  if (pending.length > 0) {
    await db
      .update(deviceCommands)
      .set({ sentAt: new Date(), attempts: sql`${deviceCommands.attempts} + 1` })
      .where(
        inArray(
          deviceCommands.id,
          pending.map((command) => command.id),
        ),
      );
  }
  return pending;
}

/** Acknowledgements applied per statement. */
const ACK_CHUNK = 1000;

/**
 * `ID=<id>&Return=<n>&CMD=…` lines from `/iclock/devicecmd`, applied set-based in chunks (one
 * statement per 1,000 lines), so a huge body never holds the embedded database for long.
 */
export async function acknowledgeCommands(db: Executor, deviceId: number, body: string): Promise<number> {
  const results = new Map<number, number | null>();
  for (const line of body.split(/\r?\n/)) {
    const fields = new URLSearchParams(line.trim());
    const id = Number(fields.get('ID'));
    const result = Number(fields.get('Return'));
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) continue;
    results.set(id, Number.isSafeInteger(result) && Math.abs(result) <= 2_147_483_647 ? result : null);
  }
  const entries = [...results.entries()];
  for (let start = 0; start < entries.length; start += ACK_CHUNK) {
    const chunk = entries.slice(start, start + ACK_CHUNK);
    await db.execute(sql`
      update ${deviceCommands} set acked_at = now(), result = acks.result
      from unnest(${sql.param(chunk.map(([id]) => id))}::integer[], ${sql.param(chunk.map(([, result]) => result))}::integer[])
        as acks(id, result)
      where ${deviceCommands.id} = acks.id and ${deviceCommands.deviceId} = ${deviceId}`);
    await yieldToEventLoop();
  }
  return entries.length;
}
