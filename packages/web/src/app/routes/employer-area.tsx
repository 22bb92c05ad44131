import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** The employer chunk: the shell and its screens. */
export { EmployerShell } from '../layouts/employer/employer-shell';

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
