import { type TAttendanceSettings, type TAttendanceSettingsRequest, ZAttendanceSettingsResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { attendanceSettingsQueryOptions } from './get-attendance-settings';
import { todayBoardQueryOptions } from './get-today-board';

/** `PUT /krye/attendance-settings`: the minutes a scan may be late or early without a mark, and the automatic checkout. */
export async function updateAttendanceSettings(body: TAttendanceSettingsRequest): Promise<TAttendanceSettings> {
  return ZAttendanceSettingsResponse.parse(await api.put<unknown>('/krye/attendance-settings', body)).Result;
}

export function useUpdateAttendanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAttendanceSettings,
    // The board judges every day by it.
    onSuccess: (settings) => {
      queryClient.setQueryData(attendanceSettingsQueryOptions().queryKey, settings);
      return queryClient.invalidateQueries({ queryKey: todayBoardQueryOptions().queryKey });
    },
  });
}
