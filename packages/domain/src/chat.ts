import { z } from 'zod';
import { resultEnvelope } from './envelope';
import { idField } from './ids';
import { messages } from './messages';

/**
 * Chat wire contract (docs/product.md#chat-calls, docs/product.md#realtime; the entities in docs/product.md#data-model).
 *
 * A member is addressed by `userType` and `id`: an employer by its employer id, a worker by its
 * employee id. The server fills every sender field from the session; what a client sends as
 * `senderId`, `senderType` or `sender_name` is ignored.
 */
export const CHAT_TYPES = ['direct', 'group'] as const;
export const ZChatType = z.enum(CHAT_TYPES);
export type TChatType = z.infer<typeof ZChatType>;

export const ZChatUserType = z.enum(['employer', 'worker']);
export type TChatUserType = z.infer<typeof ZChatUserType>;

export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_NAME_MAX = 80;
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;

export const ZChatMember = z.object({
  id: z.number().int(),
  name: z.string(),
  userType: ZChatUserType,
});
export type TChatMember = z.infer<typeof ZChatMember>;

/** A stored message as `GET /chat/chats/{id}/messages` lists it and `newMessage` carries it. */
export const ZChatMessage = z.object({
  /** Server id, increasing within a chat; the client de-duplicates on it. */
  id: z.number().int(),
  chat_id: z.number().int(),
  sender_id: z.number().int(),
  sender_type: ZChatUserType,
  sender_name: z.string(),
  content: z.string(),
  /** ISO timestamp. */
  created_at: z.string(),
  /** The sender's own `messageId` (a timestamp), echoed so the sender can match its pending bubble. */
  messageId: z.string().nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** A chat as `GET /chat/chats` lists it, most recent activity first. */
export const ZChat = z.object({
  id: z.number().int(),
  type: ZChatType,
  /** The group's name; null for a direct chat. */
  name: z.string().nullable(),
  employer_id: z.number().int(),
  employer_name: z.string(),
  /** Worker members (employee ids) and their names, in the same order. */
  member_ids: z.array(z.number().int()),
  member_names: z.array(z.string()),
  members: z.array(ZChatMember),
  lastMessage: ZChatMessage.nullable(),
  /** ISO timestamp of the last message, else of creation. */
  updated_at: z.string(),
});
export type TChat = z.infer<typeof ZChat>;

export const ZChatListResponse = resultEnvelope(z.array(ZChat));
export const ZChatMessagesResponse = resultEnvelope(z.array(ZChatMessage));

export const ZChatParams = z.object({ id: idField(messages.chatNotFound) });

/** `GET /chat/chats/{id}/messages?before=<message id>&limit=`: newest first. */
export const ZChatMessagesQuery = z.strictObject({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
});
export type TChatMessagesQuery = z.infer<typeof ZChatMessagesQuery>;

/** `GET /chat/workers`: the employer's employees that have a worker login. */
export const ZChatWorker = z.object({ id: z.number().int(), name: z.string(), userType: z.literal('worker') });
export type TChatWorker = z.infer<typeof ZChatWorker>;
export const ZChatWorkersResponse = resultEnvelope(z.array(ZChatWorker));

/** `POST /chat/chats`: only employers create chats; members are workers (the employer is implied). */
export const ZCreateChatRequest = z
  .strictObject({
    type: ZChatType,
    name: z.string().trim().max(CHAT_NAME_MAX, messages.chatGroupNameTooLong).default(''),
    members: z
      .array(z.object({ id: z.number().int().positive(), name: z.string().optional(), userType: ZChatUserType }))
      .min(1, messages.chatSelectEmployee)
      .max(500),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'group' && body.name.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: messages.chatGroupNeedsName });
    }
    const workers = body.members.filter((m) => m.userType === 'worker');
    if (body.type === 'direct' && workers.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['members'], message: messages.chatDirectOneWorker });
    }
  });
export type TCreateChatRequest = z.infer<typeof ZCreateChatRequest>;

/**
 * `POST /chat/chats` answer: `{ Status: true, Result: chat }` for a new chat; for a direct chat
 * that already exists `{ Status: true, Result: existingChat, message: 'Chat already exists' }`.
 */
export const CHAT_EXISTS_MESSAGE = 'Chat already exists';
export const ZCreateChatResponse = z.object({
  Status: z.literal(true),
  Result: ZChat,
  message: z.string().optional(),
});

/** `GET /notifications/messages/unread`: unread counts keyed by chat id (chats with none are left out). */
export const ZUnreadCountsResponse = resultEnvelope(z.record(z.string(), z.number().int().min(0)));

/** `POST /chat/chats/{id}/read`: marks everything up to the newest message read; answers `{ Status: true }`. */

/** Socket `sendMessage` payload. Only chatId, content and messageId are used. */
export const ZSendMessage = z.object({
  chatId: idField(messages.chatNotFound),
  content: z
    .string()
    .trim()
    .min(1, messages.chatMessageEmpty)
    .max(CHAT_MESSAGE_MAX, messages.chatMessageTooLong)
    // PostgreSQL text cannot hold U+0000; HTTP bodies are checked by the security plugin, socket payloads here.
    .refine((text) => !text.includes('\u0000'), messages.chatMessageBadCharacter),
  /** The client's id for this message (a timestamp); a resend with the same id is stored once. */
  messageId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(64)),
});
export type TSendMessage = z.infer<typeof ZSendMessage>;

/** Acknowledgement a socket call receives (`socket.emit(event, payload, ack)`). */
export type TSocketAck<T = undefined> = { ok: true; data?: T } | { ok: false; error: string };

/** Push subscription as `PushSubscription.toJSON()` gives it. */
export const ZPushSubscription = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(256) }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** `POST /auth/push-subscription` body (docs/product.md#push-notifications); userId and userType are ignored in favour of the session. */
export const ZPushSubscriptionRequest = z.strictObject({
  subscription: ZPushSubscription,
  userId: z.unknown().optional(),
  userType: z.unknown().optional(),
});

/** `GET /notifications/push/key`: the VAPID public key (base64url) the browser subscribes with. */
export const ZPushKeyResponse = resultEnvelope(z.object({ publicKey: z.string() }));

/** `DELETE /auth/push-subscription` body: the endpoint of the caller's subscription to forget. */
export const ZDeletePushSubscriptionRequest = z.strictObject({ endpoint: z.url().max(2048) });
export type TDeletePushSubscriptionRequest = z.infer<typeof ZDeletePushSubscriptionRequest>;

/** The fixed title and icon of a chat push notification (docs/product.md#push-notifications). */
export const CHAT_PUSH_TITLE = 'Puna Chat';
export const CHAT_PUSH_ICON = '/icon-192x192.png';
/** The push body is `sender_name: content`, cut to this many characters. */
export const CHAT_PUSH_BODY_MAX = 140;

/** The chat page of each side, opened on one chat (`?chat=<id>`). */
export function chatPageUrl(userType: TChatUserType, chatId: number): string {
  return `${userType === 'worker' ? '/datapuntoret' : '/kryepuntor'}/chat?chat=${chatId}`;
}

/** The JSON a chat push notification carries (encrypted); the service worker shows it and opens `data.url`. */
export const ZChatPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  /** One notification per chat: a newer message replaces the older one. */
  tag: z.string(),
  data: z.object({ url: z.string(), chatId: z.number().int() }),
});
export type TChatPushPayload = z.infer<typeof ZChatPushPayload>;
