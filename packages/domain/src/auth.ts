import { z } from 'zod';
import { messages, requiredOrText } from './messages';

/** Minimum password length (ASVS 2.1.1). No composition rules: length is what matters. */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound so a hash request cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 256;

export const ZEmail = z
  .string({ error: requiredOrText(messages.emailRequired, messages.emailNotText) })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailTooLong)
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const ZPassword = z
  .string({ error: requiredOrText(messages.passwordRequired, messages.passwordNotText) })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

export const ZNewPassword = ZPassword.refine((value) => value.length >= PASSWORD_MIN_LENGTH, {
  error: messages.passwordTooShort,
});

export const ZSignupRequest = z.strictObject({
  email: ZEmail,
  password: ZNewPassword,
  companyName: z
    .string({ error: requiredOrText(messages.companyNameRequired, messages.companyNameNotText) })
    .trim()
    .min(1, messages.companyNameRequired)
    .max(120, messages.companyNameTooLong),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZVerifyRequest = z.strictObject({
  email: ZEmail,
  code: z
    .string({ error: requiredOrText(messages.verificationCodeRequired, messages.verificationCodeNotText) })
    .trim()
    .regex(/^\d{6}$/, messages.verificationCodeFormat),
});
export type TVerifyRequest = z.infer<typeof ZVerifyRequest>;

export const ZResendCodeRequest = z.strictObject({ email: ZEmail });

export const ZLoginRequest = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  rememberMe: z.boolean().optional().default(false),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZMessageResponse = z.object({ message: z.string() });

export const ZLoginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  userType: z.enum(['employer', 'worker']),
  isAdmin: z.boolean(),
  redirectTo: z.string(),
});

/** Who the caller is, as the web app sees it. */
export const ZUserKind = z.enum(['admin', 'employer', 'worker']);
export type TUserKind = z.infer<typeof ZUserKind>;

export const ZSubscriptionType = z.enum(['premium', 'basic']);
export type TSubscriptionType = z.infer<typeof ZSubscriptionType>;

export const ZSessionUser = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  /** 'admin' for platform administrators, as the spec's `acc` claim. */
  acc: z.enum(['admin', 'user']),
  userType: z.enum(['employer', 'worker']),
  role: z.enum(['admin', 'employer', 'worker']),
  /** Subscription type of the employer the user belongs to. */
  type: ZSubscriptionType,
  employerId: z.number().int().nullable(),
  employeeId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  name: z.string().nullable(),
  impersonatedBy: z.number().int().nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZAuthCheckResponse = z.object({
  authenticated: z.boolean(),
  user: ZSessionUser.optional(),
});

export const ZAuthCheckLoginResponse = z.object({
  authenticated: z.boolean(),
  token: z.string().nullable(),
});

export const ZAuthCheckProtectedResponse = z.object({
  user: z.object({
    userId: z.number().int(),
    userType: z.enum(['employer', 'worker']),
    subscriptionType: ZSubscriptionType,
    isAdmin: z.boolean(),
  }),
});

export const ZVerifyTokenResponse = z.object({
  Status: z.boolean(),
  role: z.enum(['admin', 'employer', 'worker']),
  id: z.number().int(),
});

/**
 * Who is signed in, asked by a public page (`GET /auth/session`): always 200, `Result` null for a
 * visitor, so an anonymous page load logs no error.
 */
export const ZSessionProbeResponse = z.object({
  Status: z.literal(true),
  Result: z.object({ role: z.enum(['admin', 'employer', 'worker']), id: z.number().int() }).nullable(),
});
export type TSessionProbeResponse = z.infer<typeof ZSessionProbeResponse>;

export const ZLogoutResponse = z.object({ success: z.boolean() });

/** A 6-digit code mailed to an address (sign-up, password reset, e-mail change). */
const ZMailedCode = z
  .string({ error: requiredOrText(messages.codeRequired, messages.codeNotText) })
  .trim()
  .regex(/^\d{6}$/, messages.codeFormat);

/**
 * A code of two-step verification: the 6 digits an authenticator app shows, or one of the ten
 * recovery codes (`xxxxx-xxxxx`, letters and digits; case, spaces and the dash do not matter).
 */
export const ZTwoFactorCode = z
  .string({ error: requiredOrText(messages.codeRequired, messages.codeNotText) })
  .max(40, messages.twoFactorCodeFormat)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{10})$/, messages.twoFactorCodeFormat));

/** POST /auth/password/forgot: always answered with the same 200, whether the address has a login or not. */
export const ZForgotPasswordRequest = z.strictObject({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** POST /auth/password/reset: the mailed code (30 minutes, single use, 5 tries) and the new password. */
export const ZResetPasswordRequest = z.strictObject({
  email: ZEmail,
  code: ZMailedCode,
  newPassword: ZNewPassword,
  /** The admin's code of two-step verification: its password is never reset by e-mail alone. */
  code2fa: ZTwoFactorCode.optional(),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** POST /auth/email/change: an employer asks to move its login to another address (a code goes there). */
export const ZChangeEmailRequest = z.strictObject({
  newEmail: ZEmail,
  currentPassword: ZPassword,
});
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

/** POST /auth/email/confirm: the code mailed to the new address. */
export const ZConfirmEmailRequest = z.strictObject({ code: ZMailedCode });
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;

/** The e-mail change took effect: the login's new address. */
export const ZEmailChangedResponse = z.object({ message: z.string(), email: z.string() });

/** GET /auth/2fa: whether the caller's login has two-step verification, and how many recovery codes are unused. */
export const ZTwoFactorStatus = z.object({
  Status: z.literal(true),
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /auth/2fa/setup: a new secret waits for its first code (the current one, if any, stays until then). */
export const ZTwoFactorSetupRequest = z.strictObject({ currentPassword: ZPassword });
export type TTwoFactorSetupRequest = z.infer<typeof ZTwoFactorSetupRequest>;

export const ZTwoFactorSetupResponse = z.object({
  Status: z.literal(true),
  /** Base32, for typing into the app by hand; never answered again once confirmed. */
  secret: z.string(),
  otpauth_url: z.string(),
});
export type TTwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

/** POST /auth/2fa/enable: the first code from the app confirms the new secret. */
export const ZTwoFactorEnableRequest = z.strictObject({
  code: z
    .string({ error: requiredOrText(messages.codeRequired, messages.codeNotText) })
    .trim()
    .regex(/^\d{6}$/, messages.codeFormat),
});
export type TTwoFactorEnableRequest = z.infer<typeof ZTwoFactorEnableRequest>;

/** Ten single-use recovery codes, shown this once. */
export const ZTwoFactorEnableResponse = z.object({ Status: z.literal(true), recovery_codes: z.array(z.string()) });
export type TTwoFactorEnableResponse = z.infer<typeof ZTwoFactorEnableResponse>;

/** POST /auth/2fa/disable: the password and a code (an employer only; the admin keeps it). */
export const ZTwoFactorDisableRequest = z.strictObject({ currentPassword: ZPassword, code: ZTwoFactorCode });
export type TTwoFactorDisableRequest = z.infer<typeof ZTwoFactorDisableRequest>;

/** A right password for a login with two-step verification: no session yet, a code must follow. */
export const ZLoginChallengeResponse = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  /** Opaque, 5 minutes, single use: sent back with the code to POST /auth/login/2fa. */
  challenge: z.string(),
});
export type TLoginChallengeResponse = z.infer<typeof ZLoginChallengeResponse>;

/** POST /auth/login/2fa: the challenge of the login and a code from the app or a recovery code. */
export const ZLoginTwoFactorRequest = z.strictObject({
  challenge: z
    .string({ error: messages.twoFactorChallengeRequired })
    .min(1, messages.twoFactorChallengeRequired)
    .max(200, messages.twoFactorChallengeInvalid),
  code: ZTwoFactorCode,
});
export type TLoginTwoFactorRequest = z.infer<typeof ZLoginTwoFactorRequest>;
