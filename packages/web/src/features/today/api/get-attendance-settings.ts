import { type TAttendanceSettings, ZAttendanceSettingsResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /krye/attendance-settings`: the tolerance and whether a missing checkout is closed automatically. */
export async function getAttendanceSettings(signal?: AbortSignal): Promise<TAttendanceSettings> {
  return ZAttendanceSettingsResponse.parse(await api.get<unknown>('/krye/attendance-settings', signal)).Result;
}

export function attendanceSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['attendance-settings'] as const,
    queryFn: ({ signal }) => getAttendanceSettings(signal),
  });
}

export function useAttendanceSettings(enabled = true) {
  return useQuery({ ...attendanceSettingsQueryOptions(), enabled });
}
