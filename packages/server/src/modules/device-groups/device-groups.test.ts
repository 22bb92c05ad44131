import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, registerDevice } from '../../../test/helpers/device-factories';
import { call, createWorkspaceTestApp, resultOf } from '../../../test/helpers/workspace-factories';
import { deviceGroups } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

type Group = { id: number; name: string; devices: string };

async function groupsOf(token: string): Promise<Group[]> {
  const res = await call(ctx, token, 'GET', '/api/group-devices');
  expect(res.statusCode).toBe(200);
  return resultOf<Group[]>(res);
}

describe('device groups', () => {
  it('creates, edits and deletes a group; devices travel as JSON text', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const a = await registerDevice(ctx, employer.token, { name: 'A hyrja' });
    const b = await registerDevice(ctx, employer.token, { name: 'B dalja' });
    const created = await call(ctx, employer.token, 'POST', '/api/group-devices', {
      name: 'Zyra',
      devices: [
        { device_id: a.device_id, name: a.name },
        { device_id: b.device_id, name: b.name },
      ],
    });
    expect(created.statusCode).toBe(201);
    const group = resultOf<Group>(created);
    expect(JSON.parse(group.devices)).toEqual([
      { device_id: a.device_id, name: 'A hyrja' },
      { device_id: b.device_id, name: 'B dalja' },
    ]);
    expect(await groupsOf(employer.token)).toEqual([group]);

    const edited = await call(ctx, employer.token, 'PUT', `/api/group-devices/${group.id}`, {
      name: 'Magazina',
      devices: [{ device_id: b.device_id, name: b.name }],
    });
    expect(edited.statusCode).toBe(200);
    const [after] = await groupsOf(employer.token);
    expect(after?.name).toBe('Magazina');
    expect(JSON.parse(after?.devices ?? '[]')).toEqual([{ device_id: b.device_id, name: 'B dalja' }]);

    // Removing a device takes it out of its groups.
    await call(ctx, employer.token, 'DELETE', `/api/controllers/${b.device_id}`);
    expect((await groupsOf(employer.token))[0]?.devices).toBe('[]');

    const removed = await call(ctx, employer.token, 'DELETE', `/api/group-devices/${group.id}`);
    expect(removed.json()).toEqual({ Status: true });
    expect(await groupsOf(employer.token)).toEqual([]);
  });

  it('refuses a nameless group with 400 and stores nothing', async () => {
    const employer = await createPremiumWorkspace(ctx);
    for (const body of [{ name: '', devices: [] }, { devices: [] }, { name: 'X', devices: 'nope' }]) {
      const res = await call(ctx, employer.token, 'POST', '/api/group-devices', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    }
    expect(await groupsOf(employer.token)).toEqual([]);
  });

  it("refuses another employer's device (404) and hides other employers' groups", async () => {
    const owner = await createPremiumWorkspace(ctx);
    const outsider = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, owner.token);
    const theirs = await call(ctx, outsider.token, 'POST', '/api/group-devices', {
      name: 'Stolen',
      devices: [{ device_id: device.device_id, name: device.name }],
    });
    expect(theirs.statusCode).toBe(404);
    expect(await groupsOf(outsider.token)).toEqual([]);
    const group = resultOf<Group>(
      await call(ctx, owner.token, 'POST', '/api/group-devices', { name: 'Mine', devices: [] }),
    );
    expect(await groupsOf(outsider.token)).toEqual([]);
    const edit = await call(ctx, outsider.token, 'PUT', `/api/group-devices/${group.id}`, { name: 'X', devices: [] });
    expect(edit.statusCode).toBe(404);
    expect((await call(ctx, outsider.token, 'DELETE', `/api/group-devices/${group.id}`)).statusCode).toBe(404);
    const [row] = await ctx.app.db.select().from(deviceGroups).where(eq(deviceGroups.id, group.id));
    expect(row?.name).toBe('Mine');
  });
});
