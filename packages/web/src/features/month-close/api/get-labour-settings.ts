import { type TLabourSettings, ZLabourSettingsResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const labourSettingsKey = ['labour-settings'] as const;

/** `GET /krye/labour-settings`: the employer's jurisdiction, currency and the opt-in to the labour-law rules. */
export async function getLabourSettings(signal?: AbortSignal): Promise<TLabourSettings> {
  return ZLabourSettingsResponse.parse(await api.get<unknown>('/krye/labour-settings', signal)).Result;
}

export function labourSettingsQueryOptions() {
  return queryOptions({ queryKey: labourSettingsKey, queryFn: ({ signal }) => getLabourSettings(signal) });
}

export function useLabourSettings() {
  return useQuery(labourSettingsQueryOptions());
}
