import { type TLabourSettings, type TLabourSettingsRequest, ZLabourSettingsResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { holidaysKey, payrollKey } from '../../../lib/queries/query-keys';
import { labourSettingsKey } from './get-labour-settings';

/** `PUT /krye/labour-settings`: the jurisdiction, the opt-in, or both. */
export async function updateLabourSettings(body: TLabourSettingsRequest): Promise<TLabourSettings> {
  return ZLabourSettingsResponse.parse(await api.put<unknown>('/krye/labour-settings', body)).Result;
}

export function useUpdateLabourSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLabourSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(labourSettingsKey, settings);
      // The jurisdiction decides the official holidays and the statement's rules and currency.
      void queryClient.invalidateQueries({ queryKey: holidaysKey });
      void queryClient.invalidateQueries({ queryKey: payrollKey });
    },
  });
}
