import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  setWorkerLimit,
  WORKER_PASSWORD,
} from '../../../test/helpers/workspace-factories';
import { chatMembers, chats, hoursEntries, messages, scans, sessions, users } from '../../db/schema';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let other: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  owner = await createWorkspace(ctx, 'Owner shpk');
  other = await createWorkspace(ctx, 'Other shpk');
  await setWorkerLimit(ctx, owner.employerId, 1000);
});
afterAll(async () => ctx?.close());

describe('deleting employees', () => {
  it('deletes the employee with its hours, scans, login, sessions and chat memberships, keeping its messages', async () => {
    const worker = await createWorker(ctx, owner.token);
    const id = worker.employee.id;
    await addHours(ctx, owner.token, [{ worker_id: id, data: '2025-03-03', ora: 8 }]);
    const db = ctx.app.db;
    await db
      .insert(scans)
      .values({ employerId: owner.employerId, uid: 'CARD1', employeeId: id, scannedAt: new Date() });
    const [user] = await db.select().from(users).where(eq(users.employeeId, id));
    if (!user) throw new Error('no worker login');
    const created = await call(ctx, owner.token, 'POST', '/chat/chats', {
      type: 'direct',
      members: [{ id, userType: 'worker' }],
    });
    const chatId = created.json<{ Result: { id: number } }>().Result.id;
    const [message] = await db
      .insert(messages)
      .values({
        chatId,
        employerId: owner.employerId,
        senderType: 'worker',
        senderId: id,
        senderName: worker.employee.name,
        content: 'Mirëdita',
      })
      .returning();

    const res = await call(ctx, owner.token, 'DELETE', `/krye/delete_employee/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Status: true });

    expect(await db.select().from(hoursEntries).where(eq(hoursEntries.workerId, id))).toHaveLength(0);
    expect(await db.select().from(scans).where(eq(scans.employeeId, id))).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(chatMembers).where(eq(chatMembers.employeeId, id))).toHaveLength(0);
    // The employer keeps the chat and its history; the worker is gone from it.
    const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ type: 'direct', directEmployeeId: null });
    const [kept] = await db
      .select()
      .from(messages)
      .where(eq(messages.id, message?.id ?? 0));
    expect(kept).toMatchObject({ senderId: id, senderName: worker.employee.name, content: 'Mirëdita' });
    expect((await call(ctx, worker.token, 'GET', '/krye/get_worker_id')).statusCode).toBe(401);
    // The e-mail is free again.
    await addEmployee(ctx, owner.token, { email: worker.email, password: WORKER_PASSWORD });
  });

  it('answers 404 for another employer’s employee and deletes nothing', async () => {
    const employee = await addEmployee(ctx, owner.token);
    const res = await call(ctx, other.token, 'DELETE', `/krye/delete_employee/${employee.id}`);
    expect(res.statusCode).toBe(404);
    expect((await call(ctx, owner.token, 'GET', `/krye/data/employee/${employee.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an id that does not exist', async () => {
    expect((await call(ctx, owner.token, 'DELETE', '/krye/delete_employee/987654')).statusCode).toBe(404);
  });
});
