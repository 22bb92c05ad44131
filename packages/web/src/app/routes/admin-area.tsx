/** The admin chunk: the shell and its screens (employers, contact inbox, impersonation audit). */
export { AdminShell } from '../layouts/admin-shell';
export { AuditPage } from './admin/audit-page';
export { ContactMessagesPage } from './admin/contact-messages-page';
export { EmployersPage } from './admin/employers-page';
