import { useParams } from 'react-router';
import { DevicesPage as DevicesScreen } from '../../features/devices/pages/devices-page';
import { AddEmployeeModal } from '../../features/employees/components/add-employee-modal';
import { EmployeesPage as EmployeesScreen } from '../../features/employees/pages/employees-page';
import { ExportButtons } from '../../features/exports/components/export-buttons';
import { HolidayCalendar } from '../../features/holidays/components/holiday-calendar';
import { EmployeeHoursPage as EmployeeHoursScreen } from '../../features/hours/pages/employee-hours-page';
import { HoursListPage as HoursListScreen } from '../../features/hours/pages/hours-list-page';
import { EmployeePayslipLink } from '../../features/month-close/components/payslip-link';
import { LabourSettingsPage as LabourSettingsScreen } from '../../features/month-close/pages/labour-settings-page';
import { usePaySummary } from '../../features/pay/api/get-pay-summary';
import { PaySummaryPage as PaySummaryScreen } from '../../features/pay/pages/pay-summary-page';
import { DayPunches } from '../../features/phone-clock/components/day-punches';
import { EmployeePhoneClock } from '../../features/phone-clock/components/employee-phone-clock';
import { RfidListPage as RfidListScreen } from '../../features/rfid/pages/rfid-list-page';
import { RolesManagerModal } from '../../features/roles/components/roles-manager-modal';

/**
 * The employer's screens other than the dashboard (which is in employer-area, with the layout).
 * A screen that shows another feature's piece gets it here, since features never import one
 * another (scripts/check-web-boundaries.mjs).
 */
export { AccountPage } from '../../features/account/pages/account-page';
export { TeamCalendarPage } from '../../features/calendar/pages/team-calendar-page';
export { EmployerChatPage } from '../../features/chat/pages/employer-chat-page';
export { EmployerCorrectionsPage } from '../../features/corrections/pages/employer-corrections-page';
export { DeviceGroupsPage } from '../../features/device-groups/pages/device-groups-page';
export { AddHoursPage } from '../../features/hours/pages/add-hours-page';
export { EditHoursPage } from '../../features/hours/pages/edit-hours-page';
export { EmployerLeavePage } from '../../features/leave/pages/employer-leave-page';
export { ListTypePage } from '../../features/list-type/pages/list-type-page';
export { MonthClosePage } from '../../features/month-close/pages/month-close-page';
export { WorkplacesPage } from '../../features/phone-clock/pages/workplaces-page';
export { EmployerRosterPage } from '../../features/roster/pages/employer-roster-page';
export { RequestsPage } from './requests-inbox';

/** Each worker's day on the RFID list opens its punches (features/phone-clock): origin, flags, map point, photo. */
export const RfidListPage = () => <RfidListScreen DayPunches={DayPunches} />;

export const EmployeesPage = () => (
  <EmployeesScreen RolesManagerModal={RolesManagerModal} EmployeeSections={EmployeePhoneClock} />
);
/** An RFID employer's hours list is its RFID list. */
export const HoursListPage = () => <HoursListScreen RfidListPage={RfidListPage} />;
export const EmployeeHoursPage = () => (
  <EmployeeHoursScreen ExportButtons={EmployeeHoursDownloads} DayPunches={DayPunches} />
);
export const PaySummaryPage = () => (
  <PaySummaryScreen ExportButtons={ExportButtons} PayslipLink={EmployeePayslipLink} />
);
export const DevicesPage = () => <DevicesScreen AddEmployeeModal={AddEmployeeModal} />;
export const LabourSettingsPage = () => <LabourSettingsScreen HolidayCalendar={HolidayCalendar} />;

/**
 * The employee's hours page downloads the month's hours and, once the month is closed, the
 * employee's payslip (features/month-close), where owners look for it; whether the month is closed
 * is the pay summary's word (features/pay).
 */
function EmployeeHoursDownloads({ kind, month }: { kind: 'hours'; month: string }) {
  const id = Number(useParams().id);
  const row = usePaySummary(month).data?.find((employee) => employee.id === id);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <ExportButtons kind={kind} month={month} />
      {row?.statement?.closed ? (
        <EmployeePayslipLink employeeId={row.id} name={row.name} month={month} variant="button" />
      ) : null}
    </div>
  );
}
