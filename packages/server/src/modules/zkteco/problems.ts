import type { TDeviceProblems } from '@puna/domain';
import { and, desc, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import { deviceCommands, deviceRefusals } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { findDeviceOf } from '../devices/service';
import { clockPinHoldersOf } from '../employees/cards';
import { numericUserProblem } from './commands';

/** A command not acknowledged this long after it was first queued is shown as failed. */
const UNANSWERED_AFTER_MS = 24 * 60 * 60 * 1000;
const SHOWN = 50;

/**
 * What one of the employer's clocks sent that was not taken (refused lines, newest first) and the
 * commands it refused (non-zero return code) or left unanswered for a day. Another employer's
 * device is "not found".
 */
export async function listDeviceProblems(deps: ServiceDeps, actor: Actor, deviceId: string): Promise<TDeviceProblems> {
  const { db } = deps;
  const device = await findDeviceOf(db, tenantOf(actor), deviceId);
  const refused = await db
    .select({ raw: deviceRefusals.raw, reason: deviceRefusals.reason, at: deviceRefusals.createdAt })
    .from(deviceRefusals)
    .where(eq(deviceRefusals.deviceId, device.id))
    .orderBy(desc(deviceRefusals.id))
    .limit(SHOWN);
  const unansweredBefore = new Date(Date.now() - UNANSWERED_AFTER_MS);
  const failed = await db
    .select({
      id: deviceCommands.id,
      command: deviceCommands.command,
      result: deviceCommands.result,
      sentAt: deviceCommands.sentAt,
      attempts: deviceCommands.attempts,
    })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.deviceId, device.id),
        or(
          and(isNotNull(deviceCommands.ackedAt), isNotNull(deviceCommands.result), ne(deviceCommands.result, 0)),
          and(isNull(deviceCommands.ackedAt), lt(deviceCommands.createdAt, unansweredBefore)),
        ),
      ),
    )
    .orderBy(desc(deviceCommands.id))
    .limit(SHOWN);
  const skipped = device.numericUsers ? await skippedNumericUsers(deps, device.employerId) : [];
  return {
    skipped_users: skipped,
    refused_lines: refused.map((line) => ({ raw: line.raw, reason: line.reason, at: line.at.toISOString() })),
    failed_commands: failed.map((command) => ({
      id: command.id,
      command: command.command,
      result: command.result,
      sent_at: command.sentAt?.toISOString() ?? null,
      attempts: command.attempts,
    })),
  };
}

/** The employer's employees a clock taking numeric users only is not sent, or sent without a card. */
async function skippedNumericUsers(deps: ServiceDeps, employerId: number): Promise<TDeviceProblems['skipped_users']> {
  const team = await clockPinHoldersOf(deps.db, employerId);
  return team.flatMap((member) => {
    const reason = numericUserProblem(member);
    return reason ? [{ employee: { id: member.id, name: member.name }, pin: member.pin ?? '', reason }] : [];
  });
}
