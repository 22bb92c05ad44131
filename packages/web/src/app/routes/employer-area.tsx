/**
 * The employer chunk: the area's layout and the dashboard, the screen an employer lands on. The
 * other screens are the employer-pages chunk, loaded when one of them is first opened.
 */
import { DashboardPage as DashboardScreen } from '../../features/dashboard/pages/dashboard-page';
import { TodayBoard } from '../../features/today/components/today-board';

export { EmployerAreaLayout } from '../layouts/employer/employer-area-layout';

/** The dashboard shows today's board (features/today): features never import one another. */
export const DashboardPage = () => <DashboardScreen TodayBoard={TodayBoard} />;
