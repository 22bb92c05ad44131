import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useEmployeeUpdates } from '../../../features/employees/api/employee-updates';
import { hoursKey } from '../../../features/hours/api/get-day-hours';
import { payKey } from '../../../features/pay/api/get-pay-summary';

/**
 * The employer area's realtime wiring: `employee_update` refreshes the employees (list, counts,
 * details) and what is derived from them elsewhere: hours lists carry names, pay carries rates.
 */
export function useEmployerRealtime(): void {
  const queryClient = useQueryClient();
  const refreshDerived = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: hoursKey });
    void queryClient.invalidateQueries({ queryKey: payKey });
  }, [queryClient]);
  useEmployeeUpdates(refreshDerived);
}
