/** The admin chunk: the shell and its screens (employers, contact inbox, impersonation audit, its own account). */

export { AdminAccountPage } from '../../features/account/pages/admin-account-page';
export { AuditPage } from '../../features/admin/pages/audit-page';
export { ContactMessagesPage } from '../../features/admin/pages/contact-messages-page';
export { EmployersPage } from '../../features/admin/pages/employers-page';
export { AdminShell } from '../layouts/admin-shell';
