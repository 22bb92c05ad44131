/** The other public pages a visitor reads without logging in: getting started and the plans. */
export { PlansPage } from '../../features/landing/pages/plans-page';
export { StartPage } from '../../features/landing/pages/start-page';
