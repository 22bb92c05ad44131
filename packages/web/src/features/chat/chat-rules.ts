/**
 * The chat screen's pure rules (docs/product.md#chat): who a chat is titled after, what its row
 * previews, how times read, and how message pages and live messages merge. No React, no i18n:
 * components turn the results into text.
 */
import type { TChat, TChatMessage, TChatUserType, TChatWorker, TCreateChatRequest } from '@puna/domain';
import type { InfiniteData } from '@tanstack/react-query';

/** Who is looking: an employer by its employer id, a worker by its employee id (the wire's sender ids). */
export type TChatViewer = { userType: TChatUserType; id: number };

export type TChatTitle = { kind: 'name'; text: string } | { kind: 'unknownWorker' } | { kind: 'unknownEmployer' };

/**
 * A group shows its name; otherwise an employer sees the member names ('Unknown Worker' when
 * none) and a worker the employer's name ('Unknown Employer' when blank).
 */
export function chatTitle(chat: TChat, viewerType: TChatUserType): TChatTitle {
  if (chat.type === 'group' && chat.name?.trim()) return { kind: 'name', text: chat.name.trim() };
  if (viewerType === 'employer') {
    const names = chat.member_names.map((name) => name.trim()).filter(Boolean);
    return names.length > 0 ? { kind: 'name', text: names.join(', ') } : { kind: 'unknownWorker' };
  }
  const employer = chat.employer_name.trim();
  return employer ? { kind: 'name', text: employer } : { kind: 'unknownEmployer' };
}

export type TChatPreview =
  | { kind: 'none' }
  | { kind: 'own'; content: string }
  | { kind: 'other'; sender: string; content: string };

/** 'You: …' for the viewer's own last message, 'Sender: …' for anyone else's, else 'No messages yet'. */
export function chatPreview(chat: TChat, viewer: TChatViewer): TChatPreview {
  const last = chat.lastMessage;
  if (!last) return { kind: 'none' };
  if (isOwnMessage(last, viewer)) return { kind: 'own', content: last.content };
  return { kind: 'other', sender: last.sender_name, content: last.content };
}

export function isOwnMessage(message: Pick<TChatMessage, 'sender_id' | 'sender_type'>, viewer: TChatViewer): boolean {
  return message.sender_type === viewer.userType && message.sender_id === viewer.id;
}

/** 24-hour clock everywhere (Albanian use it; some ICU builds would otherwise give sq 'AM/PM'). */
const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A chat row's time: the time of day when it is today, else the short month and day ("4 Mar"). */
export function formatChatTime(iso: string, locale: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (isSameDay(date, now)) return date.toLocaleTimeString(locale, TIME_OF_DAY);
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric' });
}

/** A bubble's time: the time of day, with the short date before it when it is not today. */
export function formatMessageTime(iso: string, locale: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString(locale, TIME_OF_DAY);
  if (isSameDay(date, now)) return time;
  return `${date.toLocaleDateString(locale, { month: 'short', day: 'numeric' })}, ${time}`;
}

/** Message pages as the infinite query holds them: newest page first, each page newest first. */
export type TMessagePages = InfiniteData<TChatMessage[], number | undefined>;

/** Every loaded message once, oldest first (ids increase within a chat), as the conversation shows them. */
export function messagesInOrder(pages: readonly (readonly TChatMessage[])[]): TChatMessage[] {
  const byId = new Map<number, TChatMessage>();
  for (const page of pages) for (const message of page) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The cursor for the page before `lastPage`: its oldest id, or none when it was not full (the start was reached). */
export function olderPageParam(lastPage: readonly TChatMessage[], pageSize: number): number | undefined {
  if (lastPage.length < pageSize) return undefined;
  let oldest: number | undefined;
  for (const message of lastPage) if (oldest === undefined || message.id < oldest) oldest = message.id;
  return oldest;
}

/** Adds a live message to the newest page unless a page already holds its id. */
export function addMessageToPages(data: TMessagePages | undefined, message: TChatMessage): TMessagePages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.some((existing) => existing.id === message.id))) return data;
  const [newest = [], ...older] = data.pages;
  return { ...data, pages: [[message, ...newest], ...older] };
}

/**
 * A live message becomes its chat's last message and moves the chat to the top. `undefined` when
 * the chat is not in the list (it must be fetched again).
 */
export function applyMessageToChats(chats: readonly TChat[], message: TChatMessage): TChat[] | undefined {
  const chat = chats.find((candidate) => candidate.id === message.chat_id);
  if (!chat) return undefined;
  if (chat.lastMessage && chat.lastMessage.id >= message.id) return [...chats];
  const updated: TChat = { ...chat, lastMessage: message, updated_at: message.created_at };
  return [updated, ...chats.filter((candidate) => candidate.id !== chat.id)];
}

/** A chat the viewer was just added to goes on top, once. */
export function addChat(chats: readonly TChat[], chat: TChat): TChat[] {
  if (chats.some((candidate) => candidate.id === chat.id)) return [...chats];
  return [chat, ...chats];
}

/** Total unread messages across chats (any above 0 shows the red dot). */
export function totalUnread(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((sum, count) => sum + Math.max(count, 0), 0);
}

/** A direct chat with one worker, or a named group when more than one is selected (docs/product.md#chat). */
export function chatRequestFor(workers: TChatWorker[], groupName: string): TCreateChatRequest {
  const isGroup = workers.length > 1;
  return {
    type: isGroup ? 'group' : 'direct',
    // Only groups carry a name; a direct chat sends it empty.
    name: isGroup ? groupName.trim() : '',
    members: workers.map((worker) => ({ id: worker.id, name: worker.name, userType: 'worker' as const })),
  };
}
