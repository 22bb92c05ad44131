import type { TChatMessage } from '@puna/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TMessagePages } from '../chat-rules';
import { storeMessage } from './chat-updates';
import { messagesKey } from './get-messages';

const message = (id: number): TChatMessage =>
  ({
    id,
    chat_id: 7,
    sender_type: 'employer',
    sender_id: 1,
    sender_name: 'Furra',
    content: `Mesazhi ${id}`,
    messageId: String(id),
    created_at: '2026-11-28T10:00:00.000Z',
  }) as TChatMessage;

describe('storeMessage', () => {
  it('adds a stored message to loaded pages once, without fetching again', () => {
    const client = new QueryClient();
    client.setQueryData<TMessagePages>(messagesKey(7), { pages: [[message(1)]], pageParams: [undefined] });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    storeMessage(client, message(2));
    storeMessage(client, message(2));
    expect(client.getQueryData<TMessagePages>(messagesKey(7))?.pages[0]?.map((m) => m.id)).toEqual([2, 1]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('fetches a chat again when its first page is not loaded yet, so the message is not lost to that load', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    storeMessage(client, message(1));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesKey(7) });
  });
});
