import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { phoneClockKey } from './locations';
import { result, type TPunchResult, type TPunchState, ZPunchResult, ZPunchState } from './schemas';

export const punchStateKey = [...phoneClockKey, 'me'] as const;

/** `GET /krye/worker/me/punch`: whether this worker may punch from the phone, its state and the workplaces. */
export async function getPunchState(signal?: AbortSignal): Promise<TPunchState> {
  return result(ZPunchState).parse(await api.get<unknown>('/krye/worker/me/punch', signal));
}

export function usePunchState() {
  return useQuery({ queryKey: punchStateKey, queryFn: ({ signal }) => getPunchState(signal) });
}

/** A punch as the phone sends it: `id` is the client's UUID, so a resend stores nothing twice. */
export type PunchRequest = {
  id: string;
  lat: number;
  lng: number;
  accuracy: number;
  taken_at: string;
  photo?: string;
};

/** `POST /krye/worker/me/punch`. */
export async function sendPunch(punch: PunchRequest): Promise<TPunchResult> {
  return result(z.object({ punch: ZPunchResult })).parse(await api.post<unknown>('/krye/worker/me/punch', punch)).punch;
}
