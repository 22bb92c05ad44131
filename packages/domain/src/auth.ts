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

export const ZLogoutResponse = z.object({ success: z.boolean() });

/** A 6-digit code mailed to an address (sign-up, password reset, e-mail change). */
const ZMailedCode = z
  .string({ error: requiredOrText(messages.codeRequired, messages.codeNotText) })
  .trim()
  .regex(/^\d{6}$/, messages.codeFormat);

/** POST /auth/password/forgot: always answered with the same 200, whether the address has a login or not. */
export const ZForgotPasswordRequest = z.strictObject({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** POST /auth/password/reset: the mailed code (30 minutes, single use, 5 tries) and the new password. */
export const ZResetPasswordRequest = z.strictObject({
  email: ZEmail,
  code: ZMailedCode,
  newPassword: ZNewPassword,
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
