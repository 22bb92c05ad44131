/**
 * The public chunk: the landing page, the first page a visitor opens. Getting started and the plans
 * (`public-pages`), the forms (login, sign-up, contact) and the employer, worker and admin areas are
 * chunks of their own.
 */
export { LandingPage } from '../../features/landing/pages/landing-page';
