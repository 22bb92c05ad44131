import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCorrectionUpdates } from '../../../features/corrections/api/correction-updates';
import { useEmployeeUpdates } from '../../../features/employees/api/employee-updates';
import { useLeaveUpdates } from '../../../features/leave/api/leave-updates';
import { payKey } from '../../../features/pay/api/get-pay-summary';
import { useRfidUpdates } from '../../../features/rfid/api/rfid-updates';
import { useShiftUpdates } from '../../../features/roster/api/roster-updates';
import { useHoursUpdates } from '../../../lib/queries/hours-updates';
import { hoursKey, rfidKey } from '../../../lib/queries/query-keys';

/**
 * The employer area's realtime wiring: `employee_update` refreshes the employees (list, counts,
 * details) and what is derived from them elsewhere: hours lists carry names, pay carries rates,
 * the RFID lists carry names and cards. `rfid_update` refreshes the RFID lists, and pay and the
 * dashboard's list status, which count hours from scans for an RFID employer. `hours_update` (an
 * entry added, changed or deleted elsewhere) refreshes the hours lists and pay. `leave_update`
 * refreshes the leave views and the nav's dot, `correction_update` the correction requests and theirs,
 * `shift_update` the roster and the shift requests.
 */
export function useEmployerRealtime(): void {
  const queryClient = useQueryClient();
  const refreshHoursAndPay = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: hoursKey });
    void queryClient.invalidateQueries({ queryKey: payKey });
  }, [queryClient]);
  const refreshDerived = useCallback(() => {
    refreshHoursAndPay();
    void queryClient.invalidateQueries({ queryKey: rfidKey });
  }, [queryClient, refreshHoursAndPay]);
  useEmployeeUpdates(refreshDerived);
  useRfidUpdates(refreshHoursAndPay);
  useHoursUpdates(refreshHoursAndPay);
  useCorrectionUpdates();
  useLeaveUpdates();
  useShiftUpdates();
}
