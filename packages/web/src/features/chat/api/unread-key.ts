import { chatKey } from './get-chats';

/** The unread counts' query key, on its own so the realtime wiring and the hook can share it. */
export const unreadKey = [...chatKey, 'unread'] as const;
