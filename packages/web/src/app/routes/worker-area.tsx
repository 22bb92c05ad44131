/** The worker chunk: the shell and its screens. */

export { WorkerChatPage } from '../../features/chat/pages/worker-chat-page';
export { WorkerCorrectionsPage } from '../../features/corrections/pages/worker-corrections-page';
export { WorkerLeavePage } from '../../features/leave/pages/worker-leave-page';
export { WorkerShiftsPage } from '../../features/roster/pages/worker-shifts-page';
export { ChangePasswordPage } from '../../features/worker/pages/change-password-page';
export { MyHoursPage } from '../../features/worker/pages/my-hours-page';
export { PayslipsPage } from '../../features/worker/pages/payslips-page';
export { WorkerShell } from '../layouts/worker-shell';
