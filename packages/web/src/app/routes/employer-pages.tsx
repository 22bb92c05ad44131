/** The employer's screens other than the dashboard (which is in employer-area, with the shell). */
export { AccountPage } from '../../features/account/pages/account-page';
export { AddHoursPage } from './employer/add-hours-page';
export { EmployerChatPage } from './employer/chat-page';
export { DeviceGroupsPage } from './employer/device-groups-page';
export { DevicesPage } from './employer/devices-page';
export { EditHoursPage } from './employer/edit-hours-page';
export { EmployeeHoursPage } from './employer/employee-hours-page';
export { EmployeesPage } from './employer/employees-page';
export { HoursListPage } from './employer/hours-list-page';
export { ListTypePage } from './employer/list-type-page';
export { PaySummaryPage } from './employer/pay-summary-page';
export { RfidListPage } from './employer/rfid-list-page';
