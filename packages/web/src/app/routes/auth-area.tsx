/**
 * The forms a visitor fills in before having an account or a session: login, sign-up (with the
 * e-mail verification) and contact. A chunk of its own, with the form and schema libraries, so the
 * public pages (landing, getting started, plans) load without them.
 */
export { ForgotPasswordPage } from '../../features/auth/pages/forgot-password-page';
export { LoginPage } from '../../features/auth/pages/login-page';
export { SignupPage } from '../../features/auth/pages/signup-page';
export { ContactPage } from '../../features/contact/pages/contact-page';
