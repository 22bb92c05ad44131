import { EmployerShell as EmployerFrame } from '../layouts/employer/employer-shell';
import { useEmployerRealtime } from '../layouts/employer/use-employer-realtime';

/**
 * The employer chunk: the shell and the dashboard, the screen an employer lands on. The other
 * screens are the employer-pages chunk, loaded when one of them is first opened.
 */
export { DashboardPage } from './employer/dashboard-page';

/** The shell, with the employer-data socket connected while the area is open. */
export function EmployerShell() {
  useEmployerRealtime();
  return <EmployerFrame />;
}
