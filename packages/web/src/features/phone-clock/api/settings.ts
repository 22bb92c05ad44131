import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { phoneClockKey } from './locations';
import {
  result,
  type TEmployeePhoneClock,
  type TEmployeePhoneClockInput,
  type TPhoneClockSettings,
  ZEmployeePhoneClock,
  ZPhoneClockSettings,
} from './schemas';

const settingsKey = [...phoneClockKey, 'settings'] as const;
const employeeKey = (id: number) => [...phoneClockKey, 'employee', id] as const;

/** `GET /krye/phone-clock-settings`: the employer's phone clock rules. */
export async function getPhoneClockSettings(signal?: AbortSignal): Promise<TPhoneClockSettings> {
  return result(ZPhoneClockSettings).parse(await api.get<unknown>('/krye/phone-clock-settings', signal));
}

export function usePhoneClockSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => getPhoneClockSettings(signal) });
}

/** `PUT /krye/phone-clock-settings` with the fields that change. */
export async function savePhoneClockSettings(input: Partial<TPhoneClockSettings>): Promise<TPhoneClockSettings> {
  return result(ZPhoneClockSettings).parse(await api.put<unknown>('/krye/phone-clock-settings', input));
}

export function useSavePhoneClockSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePhoneClockSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: [...phoneClockKey, 'employee'] });
    },
  });
}

/** `GET /krye/employees/{id}/phone-clock`: the employee's own rules (null: the employer's) and those in force. */
export async function getEmployeePhoneClock(id: number, signal?: AbortSignal): Promise<TEmployeePhoneClock> {
  return result(ZEmployeePhoneClock).parse(await api.get<unknown>(`/krye/employees/${id}/phone-clock`, signal));
}

export function useEmployeePhoneClock(id: number, enabled = true) {
  return useQuery({
    queryKey: employeeKey(id),
    queryFn: ({ signal }) => getEmployeePhoneClock(id, signal),
    enabled: enabled && id > 0,
  });
}

export async function saveEmployeePhoneClock({
  id,
  ...input
}: TEmployeePhoneClockInput & { id: number }): Promise<TEmployeePhoneClock> {
  return result(ZEmployeePhoneClock).parse(await api.put<unknown>(`/krye/employees/${id}/phone-clock`, input));
}

export function useSaveEmployeePhoneClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmployeePhoneClock,
    onSuccess: (saved, input) => queryClient.setQueryData(employeeKey(input.id), saved),
  });
}
