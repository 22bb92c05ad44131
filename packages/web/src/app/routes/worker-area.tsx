import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** The worker chunk: the shell and its screens. */
export { WorkerShell } from '../layouts/worker-shell';
export { ChangePasswordPage } from './worker/change-password-page';
export { MyHoursPage } from './worker/my-hours-page';

export type WorkerScreen = 'myHours' | 'chat' | 'changePassword';

export function WorkerComingSoon({ screen }: { screen: WorkerScreen }) {
  const { t } = useTranslation();
  return (
    <ComingSoon screen={t(`worker.screens.${screen}`)} homePath={screen === 'myHours' ? undefined : '/datapuntoret'} />
  );
}
