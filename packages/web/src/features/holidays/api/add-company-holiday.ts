import { type TCompanyHolidayRequest, type THolidayEntry, ZCompanyHolidayResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { holidaysKey, payrollKey } from '../../../lib/queries/query-keys';

/** `POST /krye/holidays`: a company day off. */
export async function addCompanyHoliday(body: TCompanyHolidayRequest): Promise<THolidayEntry> {
  return ZCompanyHolidayResponse.parse(await api.post<unknown>('/krye/holidays', body)).holiday;
}

export function useAddCompanyHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCompanyHoliday,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: holidaysKey });
      // A day off is paid and its work earns the holiday allowance: the statement changes.
      void queryClient.invalidateQueries({ queryKey: payrollKey });
    },
  });
}
