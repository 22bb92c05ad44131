import type {
  TChat,
  TChatMember,
  TChatMessage,
  TChatMessagesQuery,
  TChatUserType,
  TChatWorker,
  TCreateChatRequest,
  TSendMessage,
} from '@puna/domain';
import { messages as catalog } from '@puna/domain';
import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead } from '../../db/prepared';
import { chatMembers, chats, employees, messages, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { ownEmployeeOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { stillEmployed } from '../employees/employment';
import { companyNameOf, companyNamesOf } from '../employer-settings/service';

export const CHAT_NOT_FOUND = catalog.chatNotFound;
export const CHAT_WORKERS_NOT_FOUND = catalog.chatWorkersNotFound;
export const CHAT_ONLY_OWN_WORKERS = catalog.chatOnlyOwnWorkers;

/** A chat member as the wire addresses it: an employer by employer id, a worker by employee id. */
export type ChatMemberRef = { type: TChatUserType; id: number };
/** The caller as a chat member, with the employer whose chats it may see. */
export type ChatActor = ChatMemberRef & { employerId: number };

/** Employers (and admins acting as one) and workers chat; a platform admin alone has no chats. */
export function chatActorOf(actor: Actor): ChatActor {
  const employerId = tenantOf(actor);
  if (actor.kind === 'worker') return { type: 'worker', id: ownEmployeeOf(actor), employerId };
  if (actor.kind === 'employer') return { type: 'employer', id: employerId, employerId };
  throw forbidden();
}

type MessageRow = typeof messages.$inferSelect;

export function toChatMessage(row: MessageRow): TChatMessage {
  return {
    id: row.id,
    chat_id: row.chatId,
    sender_id: row.senderId,
    sender_type: row.senderType as TChatUserType,
    sender_name: row.senderName,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    messageId: row.clientMessageId,
  };
}

const isMember = (me: ChatMemberRef) => and(eq(chatMembers.memberType, me.type), eq(chatMembers.memberId, me.id));

/** The membership check of every chat read, built once (db/prepared.ts). */
const membership = preparedRead((qb) =>
  qb
    .select({ id: chats.id })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.chatId, sql.placeholder('chatId')),
        and(eq(chatMembers.memberType, sql.placeholder('type')), eq(chatMembers.memberId, sql.placeholder('id'))),
        eq(chats.employerId, sql.placeholder('employerId')),
      ),
    ),
);

/** Refuses a chat the caller is not in exactly like a missing one. */
export async function assertMember(db: Executor, me: ChatActor, chatId: number): Promise<void> {
  const [row] = await membership.run(db, { chatId, type: me.type, id: me.id, employerId: me.employerId });
  if (!row) throw notFound(CHAT_NOT_FOUND);
}

/** Every member of a chat (the employer and its workers). */
export async function membersOf(db: Executor, chatId: number): Promise<ChatMemberRef[]> {
  const rows = await db
    .select({ type: chatMembers.memberType, id: chatMembers.memberId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  return rows.map((row) => ({ type: row.type as TChatUserType, id: row.id }));
}

/** Chats with their members' current names and last message, most recent activity first. */
async function loadChats(db: Executor, chatIds: number[]): Promise<TChat[]> {
  if (chatIds.length === 0) return [];
  const last = db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chats.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  const rows = await db
    .select({
      chat: chats,
      last: {
        id: last.id,
        chatId: last.chatId,
        employerId: last.employerId,
        senderType: last.senderType,
        senderId: last.senderId,
        senderName: last.senderName,
        clientMessageId: last.clientMessageId,
        content: last.content,
        createdAt: last.createdAt,
      },
    })
    .from(chats)
    .leftJoinLateral(last, sql`true`)
    .where(inArray(chats.id, chatIds));
  const workers = await db
    .select({ chatId: chatMembers.chatId, id: employees.id, name: employees.name })
    .from(chatMembers)
    .innerJoin(employees, eq(employees.id, chatMembers.employeeId))
    .where(and(inArray(chatMembers.chatId, chatIds), eq(chatMembers.memberType, 'worker')))
    .orderBy(asc(employees.name), asc(employees.id));

  const employerNames = await companyNamesOf(db, [...new Set(rows.map((row) => row.chat.employerId))]);
  const list = rows.map(({ chat, last: lastRow }): TChat => {
    const employerName = employerNames.get(chat.employerId) ?? '';
    const chatWorkers = workers.filter((w) => w.chatId === chat.id);
    const members: TChatMember[] = [
      { id: chat.employerId, name: employerName, userType: 'employer' },
      ...chatWorkers.map((w) => ({ id: w.id, name: w.name, userType: 'worker' as const })),
    ];
    const lastMessage = lastRow?.id == null ? null : toChatMessage(lastRow as MessageRow);
    return {
      id: chat.id,
      type: chat.type as TChat['type'],
      name: chat.name,
      employer_id: chat.employerId,
      employer_name: employerName,
      member_ids: chatWorkers.map((w) => w.id),
      member_names: chatWorkers.map((w) => w.name),
      members,
      lastMessage,
      updated_at: (lastMessage?.created_at ?? chat.createdAt.toISOString()) as string,
    };
  });
  return list.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
}

/** The caller's chats (a worker: only those it is in), most recent activity first. */
export async function listChats(deps: ServiceDeps, actor: Actor): Promise<TChat[]> {
  const { db } = deps;
  const me = chatActorOf(actor);
  const mine = await db
    .select({ id: chatMembers.chatId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(isMember(me), eq(chats.employerId, me.employerId)));
  return loadChats(
    db,
    mine.map((row) => row.id),
  );
}

/** One chat as its members see it in the list. */
export async function findChat(db: Executor, chatId: number): Promise<TChat> {
  const [chat] = await loadChats(db, [chatId]);
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  return chat;
}

/** The first page of a chat's messages, built once (db/prepared.ts). */
const newestMessages = preparedRead((qb) =>
  qb
    .select()
    .from(messages)
    .where(eq(messages.chatId, sql.placeholder('chatId')))
    .orderBy(desc(messages.id))
    .limit(sql.placeholder('limit')),
);

/** A page of a chat's messages, newest first; `before` pages back by message id. */
export async function listMessages(
  deps: ServiceDeps,
  actor: Actor,
  chatId: number,
  query: TChatMessagesQuery,
): Promise<TChatMessage[]> {
  const { db } = deps;
  const me = chatActorOf(actor);
  await assertMember(db, me, chatId);
  const rows =
    query.before === undefined
      ? await newestMessages.run(db, { chatId, limit: query.limit })
      : await db
          .select()
          .from(messages)
          .where(and(eq(messages.chatId, chatId), lt(messages.id, query.before)))
          .orderBy(desc(messages.id))
          .limit(query.limit);
  return rows.map(toChatMessage);
}

/** Moves the member's read mark to the chat's newest message (never backwards). */
async function markReadUpTo(db: Executor, me: ChatMemberRef, chatId: number, messageId: number | null): Promise<void> {
  const upTo =
    messageId === null
      ? sql`(select coalesce(max(${messages.id}), 0) from ${messages} where ${messages.chatId} = ${chatId})`
      : sql`${messageId}`;
  await db
    .update(chatMembers)
    .set({ lastReadMessageId: sql`greatest(coalesce(${chatMembers.lastReadMessageId}, 0), ${upTo})` })
    .where(and(eq(chatMembers.chatId, chatId), isMember(me)));
}

/** `POST /chat/chats/{id}/read` and `joinChat`: everything in the chat is read. */
export async function markChatRead(deps: ServiceDeps, actor: Actor, chatId: number): Promise<void> {
  const { db } = deps;
  const me = chatActorOf(actor);
  await assertMember(db, me, chatId);
  await markReadUpTo(db, me, chatId, null);
}

/** Unread messages per chat for the caller: messages from others after its read mark. */
export async function unreadCounts(deps: ServiceDeps, actor: Actor): Promise<Record<string, number>> {
  const { db } = deps;
  const me = chatActorOf(actor);
  const rows = await db
    .select({ chatId: chatMembers.chatId, count: sql<number>`count(${messages.id})::int` })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .innerJoin(
      messages,
      and(
        eq(messages.chatId, chatMembers.chatId),
        sql`${messages.id} > coalesce(${chatMembers.lastReadMessageId}, 0)`,
        or(ne(messages.senderType, me.type), ne(messages.senderId, me.id)),
      ),
    )
    .where(and(isMember(me), eq(chats.employerId, me.employerId)))
    .groupBy(chatMembers.chatId);
  return Object.fromEntries(rows.map((row) => [String(row.chatId), Number(row.count)]));
}

/** `GET /chat/workers`: the employer's employees that can log in (and so can chat). */
export async function listChatWorkers(deps: ServiceDeps, actor: Actor): Promise<TChatWorker[]> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  const rows = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .innerJoin(users, and(eq(users.employeeId, employees.id), eq(users.kind, 'worker')))
    // Not those that have left (docs/product.md#employees).
    .where(and(eq(employees.employerId, employerId), stillEmployed))
    .orderBy(asc(employees.name), asc(employees.id));
  return rows.map((row) => ({ id: row.id, name: row.name || 'Unknown', userType: 'worker' as const }));
}

export type CreatedChat = { chat: TChat; existed: boolean };

/**
 * Creates a chat between the employer and some of its workers (each must have a login). A direct
 * chat that exists is returned instead; a unique index makes that hold under concurrent creates.
 */
export async function createChat(deps: ServiceDeps, actor: Actor, input: TCreateChatRequest): Promise<CreatedChat> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  if (input.members.some((m) => m.userType === 'employer' && m.id !== employerId)) {
    throw badRequest(CHAT_ONLY_OWN_WORKERS);
  }
  const workerIds = [...new Set(input.members.filter((m) => m.userType === 'worker').map((m) => m.id))];
  if (workerIds.length === 0) throw badRequest(catalog.chatSelectEmployee);
  const found = await db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, and(eq(users.employeeId, employees.id), eq(users.kind, 'worker')))
    .where(and(eq(employees.employerId, employerId), inArray(employees.id, workerIds)));
  if (found.length !== workerIds.length) throw notFound(CHAT_WORKERS_NOT_FOUND);

  const directWorker = input.type === 'direct' ? (workerIds[0] ?? null) : null;
  const created = await db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({
        employerId,
        type: input.type,
        name: input.type === 'group' ? input.name : null,
        directEmployeeId: directWorker,
      })
      .onConflictDoNothing()
      .returning({ id: chats.id });
    if (!chat) return null;
    await tx
      .insert(chatMembers)
      .values([
        { chatId: chat.id, memberType: 'employer', memberId: employerId },
        ...workerIds.map((id) => ({ chatId: chat.id, memberType: 'worker', memberId: id, employeeId: id })),
      ]);
    return chat.id;
  });
  if (created !== null) return { chat: await findChat(db, created), existed: false };

  const [existing] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.employerId, employerId), eq(chats.directEmployeeId, directWorker ?? 0)));
  if (!existing) throw new Error('direct chat conflicted but was not found');
  return { chat: await findChat(db, existing.id), existed: true };
}

/** The sender's current name: the worker's employee name, the employer's company name. */
async function senderNameOf(db: Executor, me: ChatActor): Promise<string> {
  if (me.type === 'worker') {
    const [row] = await db
      .select({ name: employees.name })
      .from(employees)
      .where(and(eq(employees.id, me.id), eq(employees.employerId, me.employerId)));
    if (!row) throw notFound(CHAT_NOT_FOUND);
    return row.name;
  }
  const name = await companyNameOf(db, me.id);
  if (name === null) throw notFound(CHAT_NOT_FOUND);
  return name;
}

export type StoredMessage = { message: TChatMessage; isNew: boolean };

/**
 * Stores a message from the caller, its sender taken from the session. A resend with the same
 * client `messageId` is stored once: the message already stored is returned with `isNew` false.
 */
export async function storeMessage(deps: ServiceDeps, actor: Actor, input: TSendMessage): Promise<StoredMessage> {
  const { db } = deps;
  const me = chatActorOf(actor);
  await assertMember(db, me, input.chatId);
  const [inserted] = await db
    .insert(messages)
    .values({
      chatId: input.chatId,
      employerId: me.employerId,
      senderType: me.type,
      senderId: me.id,
      senderName: await senderNameOf(db, me),
      clientMessageId: input.messageId,
      content: input.content,
    })
    .onConflictDoNothing({
      target: [messages.chatId, messages.senderType, messages.senderId, messages.clientMessageId],
    })
    .returning();
  if (inserted) {
    // Whoever writes has read the chat up to here.
    await markReadUpTo(db, me, input.chatId, inserted.id);
    return { message: toChatMessage(inserted), isNew: true };
  }
  const [stored] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, input.chatId),
        eq(messages.senderType, me.type),
        eq(messages.senderId, me.id),
        eq(messages.clientMessageId, input.messageId),
      ),
    );
  if (!stored) throw new Error('message conflicted but was not found');
  return { message: toChatMessage(stored), isNew: false };
}
