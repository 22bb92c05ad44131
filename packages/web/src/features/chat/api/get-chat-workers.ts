import { type TChatWorker, ZChatWorkersResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { chatKey } from './get-chats';

/** `GET /chat/workers`: the employer's employees that have a worker login (employers only). */
export async function getChatWorkers(signal?: AbortSignal): Promise<TChatWorker[]> {
  return ZChatWorkersResponse.parse(await api.get<unknown>('/chat/workers', signal)).Result;
}

export function chatWorkersQueryOptions() {
  return queryOptions({ queryKey: [...chatKey, 'workers'] as const, queryFn: ({ signal }) => getChatWorkers(signal) });
}

export function useChatWorkers(enabled: boolean) {
  return useQuery({ ...chatWorkersQueryOptions(), enabled });
}
