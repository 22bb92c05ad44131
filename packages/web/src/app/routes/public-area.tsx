/**
 * The public chunk: the pages a visitor reads without logging in (landing, getting started, plans).
 * The forms (login, sign-up, contact) and the employer, worker and admin areas are chunks of their own.
 */
export { LandingPage } from '../../features/landing/pages/landing-page';
export { PlansPage } from '../../features/landing/pages/plans-page';
export { StartPage } from '../../features/landing/pages/start-page';
