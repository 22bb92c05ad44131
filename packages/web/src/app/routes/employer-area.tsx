import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';
import { EmployerShell as EmployerFrame } from '../layouts/employer/employer-shell';
import { useEmployerRealtime } from '../layouts/employer/use-employer-realtime';

/** The employer chunk: the shell and its screens. */
export { AddHoursPage } from './employer/add-hours-page';
export { DashboardPage } from './employer/dashboard-page';
export { EditHoursPage } from './employer/edit-hours-page';
export { EmployeeHoursPage } from './employer/employee-hours-page';
export { EmployeesPage } from './employer/employees-page';
export { HoursListPage } from './employer/hours-list-page';
export { ListTypePage } from './employer/list-type-page';
export { PaySummaryPage } from './employer/pay-summary-page';

/** The shell, with the employer-data socket connected while the area is open. */
export function EmployerShell() {
  useEmployerRealtime();
  return <EmployerFrame />;
}

export type EmployerScreen =
  | 'dashboard'
  | 'employees'
  | 'rfidList'
  | 'hoursList'
  | 'editHours'
  | 'addHours'
  | 'employeeHours'
  | 'payAndHours'
  | 'devices'
  | 'deviceGroups'
  | 'listType'
  | 'chat';

/** Screens later issues deliver; until then each one says honestly what will be here. */
export function EmployerComingSoon({ screen }: { screen: EmployerScreen }) {
  const { t } = useTranslation();
  return (
    <ComingSoon
      screen={t(`employer.screens.${screen}`)}
      homePath={screen === 'dashboard' ? undefined : '/kryepuntor'}
    />
  );
}
