import type { TContactInboxMessage } from '@puna/domain';
import { desc, eq, isNull } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';

const INBOX_LIMIT = 500;

type ContactRow = typeof contactMessages.$inferSelect;

function toInboxMessage(row: ContactRow): TContactInboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** The platform admin's inbox of contact-form messages, newest first; `unread` keeps the unread ones. */
export async function listContactMessages(
  deps: ServiceDeps,
  query: { unread?: boolean },
): Promise<TContactInboxMessage[]> {
  const { db } = deps;
  const rows = await db
    .select()
    .from(contactMessages)
    .where(query.unread ? isNull(contactMessages.readAt) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_LIMIT);
  return rows.map(toInboxMessage);
}

/** Marks a message read (keeping the first read time) or unread again. */
export async function markContactMessageRead(
  deps: ServiceDeps,
  id: number,
  read: boolean,
): Promise<TContactInboxMessage> {
  const { db } = deps;
  const [existing] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!existing) throw notFound('Message not found.');
  const readAt = read ? (existing.readAt ?? new Date()) : null;
  const [row] = await db.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning();
  if (!row) throw notFound('Message not found.');
  return toInboxMessage(row);
}
