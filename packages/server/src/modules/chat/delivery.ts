import type { TChat, TChatMessage } from '@puna/domain';
import type { ServiceDeps } from '../../plugins/deps';
import { memberRoom, type Realtime } from '../../plugins/realtime';
import { type ChatMemberRef, membersOf } from './service';

/** The room of the sockets that opened one chat (`joinChat`). */
export const chatRoom = (chatId: number) => `chat:${chatId}`;

const roomOf = (member: ChatMemberRef) => memberRoom(member.type, member.id);

/**
 * Sends a stored message to the chat's room and to every member's own room, so chat lists and
 * unread marks update for members that have not opened the chat; Socket.IO delivers it once to a
 * socket in several of those rooms. Members other than the sender with no open socket on any
 * process get a push notification, which never fails the send (`pushed` settles when it is done).
 */
export async function deliverMessage(deps: ServiceDeps, message: TChatMessage): Promise<{ pushed: Promise<void> }> {
  const members = await membersOf(deps.db, message.chat_id);
  deps.realtime.emitToRooms([chatRoom(message.chat_id), ...members.map(roomOf)], 'newMessage', message);
  const pushed = pushToOfflineMembers(deps, message, members).catch((error: unknown) => {
    deps.log.warn({ err: error, chatId: message.chat_id }, 'chat push failed');
  });
  return { pushed };
}

async function pushToOfflineMembers(deps: ServiceDeps, message: TChatMessage, members: ChatMemberRef[]) {
  const recipients = members.filter((m) => !(m.type === message.sender_type && m.id === message.sender_id));
  if (recipients.length === 0) return;
  let occupied = new Set<string>();
  try {
    occupied = await deps.realtime.occupiedRooms(recipients.map(roomOf));
  } catch (error) {
    // A process that does not answer in time: better a notification too many than one missed.
    deps.log.warn({ err: error }, 'could not tell which chat members are online');
  }
  const offline = recipients.filter((m) => !occupied.has(roomOf(m)));
  if (offline.length === 0) return;
  await deps.events.announce('chat.unseen', {
    message,
    recipients: offline.map((member) => ({ type: member.type, id: member.id })),
  });
}

/** Tells the employer's and the new members' sockets about a chat just created. */
export function announceChat(realtime: Realtime, chat: TChat): void {
  realtime.emitToRooms(
    chat.members.map((m) => memberRoom(m.userType, m.id)),
    'newChat',
    chat,
  );
}
