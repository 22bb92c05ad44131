import { EmployerShell as EmployerFrame } from '../layouts/employer/employer-shell';
import { useEmployerRealtime } from '../layouts/employer/use-employer-realtime';

/** The employer chunk: the shell and its screens. */
export { AddHoursPage } from './employer/add-hours-page';
export { EmployerChatPage } from './employer/chat-page';
export { DashboardPage } from './employer/dashboard-page';
export { DeviceGroupsPage } from './employer/device-groups-page';
export { DevicesPage } from './employer/devices-page';
export { EditHoursPage } from './employer/edit-hours-page';
export { EmployeeHoursPage } from './employer/employee-hours-page';
export { EmployeesPage } from './employer/employees-page';
export { HoursListPage } from './employer/hours-list-page';
export { ListTypePage } from './employer/list-type-page';
export { PaySummaryPage } from './employer/pay-summary-page';
export { RfidListPage } from './employer/rfid-list-page';

/** The shell, with the employer-data socket connected while the area is open. */
export function EmployerShell() {
  useEmployerRealtime();
  return <EmployerFrame />;
}
