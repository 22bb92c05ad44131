/** The worker chunk: the shell and its screens. */
import { PunchCard } from '../../features/phone-clock/components/punch-card';
import { MyHoursPage as MyHoursScreen } from '../../features/worker/pages/my-hours-page';

export { WorkerChatPage } from '../../features/chat/pages/worker-chat-page';
export { WorkerCorrectionsPage } from '../../features/corrections/pages/worker-corrections-page';
export { WorkerLeavePage } from '../../features/leave/pages/worker-leave-page';
export { WorkerShiftsPage } from '../../features/roster/pages/worker-shifts-page';
export { ChangePasswordPage } from '../../features/worker/pages/change-password-page';
export { PayslipsPage } from '../../features/worker/pages/payslips-page';
export { WorkerShell } from '../layouts/worker-shell';

/** The worker's home opens with the phone clock's button (features/phone-clock) when the employer allows it. */
export const MyHoursPage = () => <MyHoursScreen PunchCard={PunchCard} />;
