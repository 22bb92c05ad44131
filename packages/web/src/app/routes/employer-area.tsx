/**
 * The employer chunk: the area's layout and the dashboard, the screen an employer lands on. The
 * other screens are the employer-pages chunk, loaded when one of them is first opened.
 */
export { DashboardPage } from '../../features/dashboard/pages/dashboard-page';
export { EmployerAreaLayout } from '../layouts/employer/employer-area-layout';
