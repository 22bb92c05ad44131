/** The worker chunk: the shell and its screens. */
export { WorkerShell } from '../layouts/worker-shell';
export { ChangePasswordPage } from './worker/change-password-page';
export { WorkerChatPage } from './worker/chat-page';
export { MyHoursPage } from './worker/my-hours-page';
