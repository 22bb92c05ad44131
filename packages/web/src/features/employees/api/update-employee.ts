import { type TEmployee, type TSchedule, type TWageBasis, ZEmployeeResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeesKey } from '../../../lib/queries/get-employees';

export type TEmployeeChanges = {
  name: string;
  salary: number;
  wages: TWageBasis;
  role: string;
  schedule: TSchedule | null;
  /** The card UID; null takes the card away, undefined leaves it as it is. */
  rfid?: string | null;
  /** A new password for the worker's login; it signs the worker out everywhere. */
  password?: string;
};

/** `PUT /krye/edit_employee/{id}`; the schedule travels as JSON text (docs/product.md#employer-calls). */
export async function updateEmployee({ id, ...changes }: TEmployeeChanges & { id: number }): Promise<TEmployee> {
  const body = { ...changes, schedule: JSON.stringify(changes.schedule) };
  return ZEmployeeResponse.parse(await api.put<unknown>(`/krye/edit_employee/${id}`, body)).Result;
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKey }),
  });
}
