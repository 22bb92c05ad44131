import type { TChat, TChatMessage } from '@puna/domain';
import { describe, expect, it } from 'vitest';
import { parseSocketMessage } from './api/chat-updates';
import {
  addChat,
  addMessageToPages,
  applyMessageToChats,
  chatPreview,
  chatRequestFor,
  chatTitle,
  formatChatTime,
  formatMessageTime,
  isOwnMessage,
  messagesInOrder,
  olderPageParam,
  type TMessagePages,
  totalUnread,
} from './chat-rules';
import { base64UrlToBytes } from './push';
import { parseChatParam } from './use-chat-selection';

const employer = { userType: 'employer', id: 7 } as const;
const worker = { userType: 'worker', id: 41 } as const;

function message(id: number, overrides: Partial<TChatMessage> = {}): TChatMessage {
  return {
    id,
    chat_id: 1,
    sender_id: 41,
    sender_type: 'worker',
    sender_name: 'Arta Hoxha',
    content: `message ${id}`,
    created_at: new Date(2025, 2, 4, 9, id % 60).toISOString(),
    messageId: null,
    ...overrides,
  };
}

function chat(overrides: Partial<TChat> = {}): TChat {
  return {
    id: 1,
    type: 'direct',
    name: null,
    employer_id: 7,
    employer_name: 'Furra e Fshatit',
    member_ids: [41],
    member_names: ['Arta Hoxha'],
    members: [{ id: 41, name: 'Arta Hoxha', userType: 'worker' }],
    lastMessage: null,
    updated_at: new Date(2025, 2, 4).toISOString(),
    ...overrides,
  };
}

function pages(...list: TChatMessage[][]): TMessagePages {
  return { pages: list, pageParams: list.map((_, index) => (index === 0 ? undefined : index)) };
}

describe('chat titles', () => {
  it('shows a group by its name to everyone', () => {
    const group = chat({ type: 'group', name: 'Turni i mëngjesit', member_names: ['Arta', 'Besa'] });
    expect(chatTitle(group, 'employer')).toEqual({ kind: 'name', text: 'Turni i mëngjesit' });
    expect(chatTitle(group, 'worker')).toEqual({ kind: 'name', text: 'Turni i mëngjesit' });
  });

  it('shows the employer the member names, or Unknown Worker when there are none', () => {
    expect(chatTitle(chat({ member_names: ['Arta Hoxha', 'Besa Krasniqi'] }), 'employer')).toEqual({
      kind: 'name',
      text: 'Arta Hoxha, Besa Krasniqi',
    });
    expect(chatTitle(chat({ member_names: [] }), 'employer')).toEqual({ kind: 'unknownWorker' });
    expect(chatTitle(chat({ member_names: [' '] }), 'employer')).toEqual({ kind: 'unknownWorker' });
  });

  it('shows a worker the employer name, or Unknown Employer when it is blank', () => {
    expect(chatTitle(chat(), 'worker')).toEqual({ kind: 'name', text: 'Furra e Fshatit' });
    expect(chatTitle(chat({ employer_name: '' }), 'worker')).toEqual({ kind: 'unknownEmployer' });
  });
});

describe('chat row preview', () => {
  it('says there are no messages yet when the chat is empty', () => {
    expect(chatPreview(chat(), employer)).toEqual({ kind: 'none' });
  });

  it("marks the viewer's own last message and names anyone else's sender", () => {
    const fromWorker = chat({ lastMessage: message(3, { content: 'Mirëdita' }) });
    expect(chatPreview(fromWorker, worker)).toEqual({ kind: 'own', content: 'Mirëdita' });
    expect(chatPreview(fromWorker, employer)).toEqual({ kind: 'other', sender: 'Arta Hoxha', content: 'Mirëdita' });
  });

  it('tells own messages by sender type as well as id (an employer and a worker may share a number)', () => {
    expect(isOwnMessage({ sender_id: 41, sender_type: 'employer' }, worker)).toBe(false);
    expect(isOwnMessage({ sender_id: 7, sender_type: 'employer' }, employer)).toBe(true);
  });
});

describe('times', () => {
  const now = new Date(2025, 2, 4, 18, 0);

  it('shows the time of day for a message from today', () => {
    expect(formatChatTime(new Date(2025, 2, 4, 9, 5).toISOString(), 'en-GB', now)).toBe('09:05');
  });

  it('shows the short month and day for an earlier message', () => {
    expect(formatChatTime(new Date(2025, 1, 27, 9, 5).toISOString(), 'en-GB', now)).toBe('27 Feb');
    expect(formatMessageTime(new Date(2025, 1, 27, 9, 5).toISOString(), 'en-GB', now)).toBe('27 Feb, 09:05');
    expect(formatMessageTime(new Date(2025, 2, 4, 17, 59).toISOString(), 'en-GB', now)).toBe('17:59');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(formatChatTime('not a time', 'en-GB', now)).toBe('');
  });
});

describe('message pages', () => {
  it('shows every loaded message once, oldest first, from newest-first pages', () => {
    const newest = [message(6), message(5), message(4)];
    const older = [message(4), message(3), message(2)];
    expect(messagesInOrder([newest, older]).map((m) => m.id)).toEqual([2, 3, 4, 5, 6]);
    expect(messagesInOrder([])).toEqual([]);
  });

  it('asks for the page before the oldest message, until a page comes back short', () => {
    expect(olderPageParam([message(9), message(8), message(7)], 3)).toBe(7);
    expect(olderPageParam([message(2), message(1)], 3)).toBeUndefined();
    expect(olderPageParam([], 3)).toBeUndefined();
  });

  it('adds a live message to the newest page once, however often it arrives', () => {
    const data = pages([message(5), message(4)], [message(3)]);
    const once = addMessageToPages(data, message(6));
    expect(once?.pages[0]?.map((m) => m.id)).toEqual([6, 5, 4]);
    expect(addMessageToPages(once, message(6))).toBe(once);
    // Already loaded on an older page (e.g. a reconnect refetch): left as it is.
    expect(addMessageToPages(data, message(3))).toBe(data);
    // A chat never opened has nothing to add to.
    expect(addMessageToPages(undefined, message(6))).toBeUndefined();
  });
});

describe('chat list updates', () => {
  const first = chat({ id: 1 });
  const second = chat({ id: 2, lastMessage: message(10, { chat_id: 2 }) });

  it('moves the chat of a new message to the top with it as the last message', () => {
    const updated = applyMessageToChats([second, first], message(11, { chat_id: 1 }));
    expect(updated?.map((c) => c.id)).toEqual([1, 2]);
    expect(updated?.[0]?.lastMessage?.id).toBe(11);
  });

  it('keeps a newer last message when an older one arrives late', () => {
    const updated = applyMessageToChats([second], message(9, { chat_id: 2 }));
    expect(updated?.[0]?.lastMessage?.id).toBe(10);
  });

  it('asks for the list again when the chat is not in it', () => {
    expect(applyMessageToChats([first], message(1, { chat_id: 99 }))).toBeUndefined();
  });

  it('adds a new chat on top, once', () => {
    expect(addChat([first], second).map((c) => c.id)).toEqual([2, 1]);
    expect(addChat([first, second], second).map((c) => c.id)).toEqual([1, 2]);
  });

  it('adds up unread counts for the red dot', () => {
    expect(totalUnread({})).toBe(0);
    expect(totalUnread({ '1': 2, '4': 3 })).toBe(5);
  });
});

describe('creating a chat', () => {
  const arta = { id: 41, name: 'Arta Hoxha', userType: 'worker' as const };
  const besa = { id: 42, name: 'Besa Krasniqi', userType: 'worker' as const };

  it('makes a direct chat, without a name, for one worker', () => {
    expect(chatRequestFor([arta], 'ignored')).toEqual({
      type: 'direct',
      name: '',
      members: [{ id: 41, name: 'Arta Hoxha', userType: 'worker' }],
    });
  });

  it('makes a named group for more than one worker', () => {
    const request = chatRequestFor([arta, besa], '  Turni  ');
    expect(request.type).toBe('group');
    expect(request.name).toBe('Turni');
    expect(request.members.map((m) => m.id)).toEqual([41, 42]);
  });
});

describe('wire helpers', () => {
  it('takes a newMessage as an object or as JSON text, and drops anything else', () => {
    const sent = message(3, { messageId: '1741078800000' });
    expect(parseSocketMessage(sent)).toEqual(sent);
    expect(parseSocketMessage(JSON.stringify(sent))).toEqual(sent);
    expect(parseSocketMessage('{not json')).toBeNull();
    expect(parseSocketMessage({ id: 'x' })).toBeNull();
  });

  it('reads the open chat from ?chat=<id> only when it is an id', () => {
    expect(parseChatParam('12')).toBe(12);
    expect(parseChatParam(null)).toBeNull();
    expect(parseChatParam('0')).toBeNull();
    expect(parseChatParam('12abc')).toBeNull();
    expect(parseChatParam('-3')).toBeNull();
  });

  it('decodes a base64url VAPID key to its bytes', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
