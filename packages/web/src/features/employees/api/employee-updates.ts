import { type TEmployee, ZEmployee } from '@puna/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { employeesKey, employeesListKey } from '../../../lib/queries/get-employees';
import { useSocketEvent } from '../../../lib/socket';

/**
 * `employee_update` on the employer-data socket: the server sends the whole employee list after
 * any employee or role change. The list query takes it as it is; the counts and details are
 * refetched. `onChange` lets the area refresh what other features derive from employees.
 */
export function useEmployeeUpdates(onChange?: () => void): void {
  const queryClient = useQueryClient();
  const refreshAll = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: employeesKey });
    onChange?.();
  }, [queryClient, onChange]);

  useSocketEvent(
    'employee_update',
    (employees: TEmployee[]) => {
      const parsed = ZEmployee.array().safeParse(employees);
      if (parsed.success) {
        queryClient.setQueryData(employeesListKey, parsed.data);
        void queryClient.invalidateQueries({
          queryKey: employeesKey,
          predicate: (query) => query.queryKey[1] !== 'list',
        });
        onChange?.();
      } else {
        // No (or an unexpected) payload: refetch instead (docs/product.md#realtime: "payload employees, else refetch").
        refreshAll();
      }
    },
    refreshAll,
  );
}
