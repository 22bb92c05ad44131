import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { deviceCommands, devices } from '../../db/schema';
import { type ClockIdentity, clockIdentityOf } from '../rfid/cards';

/** Clock names are plain: no tabs or line breaks, at most 24 characters (the clock's limit). */
function clockName(name: string): string {
  return name.replace(/[\t\r\n]/g, ' ').slice(0, 24);
}

/** A card UID as ZKTeco firmware shows it: hex in brackets; decimal stays as it is. */
function clockCard(uid: string | null): string {
  if (!uid) return '';
  return /^\d+$/.test(uid) ? uid : `[${uid}]`;
}

export function userInfoCommand(identity: ClockIdentity & { pin: string }): string {
  return `DATA UPDATE USERINFO PIN=${identity.pin}\tName=${clockName(identity.name)}\tCard=${clockCard(identity.rfid)}`;
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
  const commands: string[] = [];
  if (before?.pin && before.pin !== after.pin) commands.push(`DATA DELETE USERINFO PIN=${before.pin}`);
  if (after.pin) commands.push(userInfoCommand({ ...after, pin: after.pin }));
  if (commands.length === 0) return;
  const clocks = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.employerId, employerId), eq(devices.protocol, 'zkteco')));
  if (clocks.length === 0) return;
  await tx
    .insert(deviceCommands)
    .values(clocks.flatMap((clock) => commands.map((command) => ({ deviceId: clock.id, command }))));
}

/** A command sent but not acknowledged this long ago is sent again (the answer may have been lost). */
const RESEND_AFTER_MS = 5 * 60_000;

/** Commands for a clock, oldest first: never sent, or sent long ago and never acknowledged. */
export async function takePendingCommands(db: Executor, deviceId: number, limit = 20) {
  const resendBefore = new Date(Date.now() - RESEND_AFTER_MS);
  const pending = await db
    .select({ id: deviceCommands.id, command: deviceCommands.command })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.deviceId, deviceId),
        or(isNull(deviceCommands.sentAt), and(isNull(deviceCommands.ackedAt), lt(deviceCommands.sentAt, resendBefore))),
      ),
    )
    .orderBy(asc(deviceCommands.id))
    .limit(limit);
  for (const command of pending) {
    await db.update(deviceCommands).set({ sentAt: new Date() }).where(eq(deviceCommands.id, command.id));
  }
  return pending;
}

/** `ID=<id>&Return=<n>&CMD=…` lines from `/iclock/devicecmd`. */
export async function acknowledgeCommands(db: Executor, deviceId: number, body: string): Promise<number> {
  let count = 0;
  for (const line of body.split(/\r?\n/)) {
    const fields = new URLSearchParams(line.trim());
    const id = Number(fields.get('ID'));
    const result = Number(fields.get('Return'));
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) continue;
    await db
      .update(deviceCommands)
      .set({ ackedAt: new Date(), result: Number.isSafeInteger(result) ? result : null })
      .where(and(eq(deviceCommands.id, id), eq(deviceCommands.deviceId, deviceId)));
    count += 1;
  }
  return count;
}
