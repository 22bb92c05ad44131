import type { TAuditEntry, TChat } from '@puna/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test/helpers/admin-factories';
import { generousLimits, type TestContext } from '../../../test/helpers/app';
import {
  connected,
  createChat,
  createChatTestApp,
  joinChat,
  say,
  sendMessage,
  socketPool,
  storedCount as storedMessages,
} from '../../../test/helpers/chat-factories';
import { call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';

let ctx: TestContext & { url: string };
const sockets = socketPool(() => ctx);
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let other: Awaited<ReturnType<typeof createWorkspace>>;
let arta: Awaited<ReturnType<typeof createWorker>>;
let direct: TChat;
let otherChat: TChat;

beforeAll(async () => {
  ctx = await createChatTestApp({
    limits: generousLimits({ loginPerAccount: 5, chatMessages: 10, chatWindowSeconds: 10, chatBurst: 5 }),
  });
  owner = await createWorkspace(ctx, 'Ndërtimi shpk');
  other = await createWorkspace(ctx, 'Tjetër shpk');
  arta = await createWorker(ctx, owner.token, { name: 'Arta' });
  const besnik = await createWorker(ctx, other.token, { name: 'Besnik' });
  direct = await createChat(ctx, owner.token, [arta.employee.id]);
  otherChat = await createChat(ctx, other.token, [besnik.employee.id]);
});
afterEach(() => sockets.closeAll());
afterAll(async () => ctx?.close());

const storedCount = (chatId: number) => storedMessages(ctx, chatId);

describe('chat message rate', () => {
  it('takes 10 messages per 10 s plus a burst of 5, then answers an error without disconnecting anyone', async () => {
    const flooder = await connected(sockets.connect(arta.token));
    const bystander = await connected(sockets.connect(other.token));
    const before = await storedCount(direct.id);

    const acks = [];
    for (let i = 0; i < 25; i++) {
      acks.push(await sendMessage(flooder, { chatId: direct.id, content: `flood ${i}`, messageId: `flood-${i}` }));
    }

    expect(acks.filter((ack) => ack.ok)).toHaveLength(15);
    const refusedAcks = acks.filter((ack) => !ack.ok);
    expect(refusedAcks).toHaveLength(10);
    expect(refusedAcks[0]).toEqual({
      ok: false,
      error: 'You are sending messages too fast. Wait a few seconds and try again.',
    });
    expect(await storedCount(direct.id)).toBe(before + 15);
    // The flooder's socket stays open, and another tenant keeps chatting.
    expect(flooder.connected).toBe(true);
    expect((await say(bystander, otherChat.id, 'Mirëdita')).content).toBe('Mirëdita');
  });
});

describe('socket writes while impersonating', () => {
  it("are audited with the admin's id, like HTTP writes", async () => {
    const admin = await createAdmin(ctx);
    const started = await call(ctx, admin.token, 'POST', `/auth/admin/impersonate/${owner.employerId}`);
    expect(started.statusCode).toBe(200);
    const impersonationToken = started.cookies.find((cookie) => cookie.name === 'puna_session')?.value ?? '';
    const socket = await connected(sockets.connect(impersonationToken));

    expect((await joinChat(socket, direct.id)).ok).toBe(true);
    const sent = await say(socket, direct.id, 'Nga administratori');

    const res = await call(ctx, admin.token, 'GET', `/auth/admin/audit?employerId=${owner.employerId}`);
    const entries = res.json<{ Result: TAuditEntry[] }>().Result;
    const socketEntries = entries.filter((entry) => entry.action.startsWith('SOCKET '));
    expect(socketEntries.map((entry) => entry.action).sort()).toEqual(['SOCKET joinChat', 'SOCKET sendMessage']);
    expect(socketEntries.every((entry) => entry.impersonator_user_id === admin.userId)).toBe(true);
    expect(JSON.stringify(socketEntries)).toContain(String(sent.id));
  });

  it("are refused once the admin's own session is revoked", async () => {
    const admin = await createAdmin(ctx);
    const started = await call(ctx, admin.token, 'POST', `/auth/admin/impersonate/${owner.employerId}`);
    const impersonationToken = started.cookies.find((cookie) => cookie.name === 'puna_session')?.value ?? '';
    const socket = await connected(sockets.connect(impersonationToken));
    const before = await storedCount(direct.id);

    expect((await call(ctx, admin.token, 'POST', '/auth/logout')).statusCode).toBe(200);
    const ack = await sendMessage(socket, {
      chatId: direct.id,
      content: 'Pas daljes',
      messageId: 'after-admin-logout',
    }).catch(() => ({ ok: false }));

    expect(ack.ok).toBe(false);
    expect(await storedCount(direct.id)).toBe(before);
  });
});
