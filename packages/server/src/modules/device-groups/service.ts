import type { TDeviceGroup, TDeviceGroupRequest } from '@puna/domain';
import { messages } from '@puna/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { deviceGroupMembers, deviceGroups, devices } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { DEVICE_NOT_FOUND } from '../devices/service';

export const GROUP_NOT_FOUND = messages.groupNotFound;

/** The employer's groups with their devices, `devices` as JSON text (the spec's wire shape). */
async function selectGroups(db: Executor, employerId: number, id?: number): Promise<TDeviceGroup[]> {
  const groups = await db
    .select({ id: deviceGroups.id, name: deviceGroups.name })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.employerId, employerId), id === undefined ? undefined : eq(deviceGroups.id, id)))
    .orderBy(asc(deviceGroups.name), asc(deviceGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: deviceGroupMembers.groupId, device_id: devices.deviceId, name: devices.name })
    .from(deviceGroupMembers)
    .innerJoin(devices, eq(devices.id, deviceGroupMembers.deviceId))
    .where(
      inArray(
        deviceGroupMembers.groupId,
        groups.map((group) => group.id),
      ),
    )
    .orderBy(asc(devices.name));
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    devices: JSON.stringify(
      members.filter((m) => m.groupId === group.id).map((m) => ({ device_id: m.device_id, name: m.name })),
    ),
  }));
}

export async function listGroups(deps: ServiceDeps, actor: Actor): Promise<TDeviceGroup[]> {
  const { db } = deps;
  return selectGroups(db, tenantOf(actor));
}

/** The row ids of the employer's devices named in a group body; any other device is 404. */
async function deviceRowIds(db: Executor, employerId: number, input: TDeviceGroupRequest): Promise<number[]> {
  const wanted = [...new Set(input.devices.map((device) => device.device_id))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.employerId, employerId), inArray(devices.deviceId, wanted)));
  if (rows.length !== wanted.length) throw notFound(DEVICE_NOT_FOUND);
  return rows.map((row) => row.id);
}

async function setMembers(tx: Executor, groupId: number, deviceIds: number[]): Promise<void> {
  await tx.delete(deviceGroupMembers).where(eq(deviceGroupMembers.groupId, groupId));
  if (deviceIds.length > 0) {
    await tx.insert(deviceGroupMembers).values(deviceIds.map((deviceId) => ({ groupId, deviceId })));
  }
}

export async function createGroup(deps: ServiceDeps, actor: Actor, input: TDeviceGroupRequest): Promise<TDeviceGroup> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  const id = await db.transaction(async (tx) => {
    const deviceIds = await deviceRowIds(tx, employerId, input);
    const [group] = await tx
      .insert(deviceGroups)
      .values({ employerId, name: input.name })
      .returning({ id: deviceGroups.id });
    if (!group) throw new Error('group insert returned nothing');
    await setMembers(tx, group.id, deviceIds);
    return group.id;
  });
  const [group] = await selectGroups(db, employerId, id);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

export async function updateGroup(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: TDeviceGroupRequest,
): Promise<TDeviceGroup> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(deviceGroups)
      .set({ name: input.name })
      .where(and(eq(deviceGroups.id, id), eq(deviceGroups.employerId, employerId)))
      .returning({ id: deviceGroups.id });
    if (updated.length === 0) throw notFound(GROUP_NOT_FOUND);
    await setMembers(tx, id, await deviceRowIds(tx, employerId, input));
  });
  const [group] = await selectGroups(db, employerId, id);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

export async function deleteGroup(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  const { db } = deps;
  const deleted = await db
    .delete(deviceGroups)
    .where(and(eq(deviceGroups.id, id), eq(deviceGroups.employerId, tenantOf(actor))))
    .returning({ id: deviceGroups.id });
  if (deleted.length === 0) throw notFound(GROUP_NOT_FOUND);
}
