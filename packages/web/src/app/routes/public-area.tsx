/**
 * The public chunk: everything a visitor can open without logging in. The landing page loads this
 * chunk only; the employer, worker and admin areas are chunks of their own.
 */
export { LoginPage } from '../../features/auth/pages/login-page';
export { SignupPage } from '../../features/auth/pages/signup-page';
export { ContactPage } from '../../features/contact/pages/contact-page';
export { LandingPage } from '../../features/landing/pages/landing-page';
export { PlansPage } from '../../features/landing/pages/plans-page';
export { StartPage } from '../../features/landing/pages/start-page';
