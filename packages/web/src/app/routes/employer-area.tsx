/**
 * The employer chunk: the area's layout and the dashboard, the screen an employer lands on. The
 * other screens are the employer-pages chunk, loaded when one of them is first opened.
 */
import { DashboardPage as DashboardScreen } from '../../features/dashboard/pages/dashboard-page';
import { MovedClocksCard } from '../../features/devices/components/moved-clocks-card';
import { TodayBoard } from '../../features/today/components/today-board';

export { EmployerAreaLayout } from '../layouts/employer/employer-area-layout';

/** The dashboard shows today's board (features/today) and the moved clocks (features/devices): features never import one another. */
export const DashboardPage = () => <DashboardScreen TodayBoard={TodayBoard} MovedClocksCard={MovedClocksCard} />;
