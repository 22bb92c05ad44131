import { z } from 'zod';

/** Minimum password length (ASVS 2.1.1). No composition rules: length is what matters. */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound so a hash request cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 256;

/** "X is required." when missing, "X must be text." when sent as another type. */
export function requiredText(label: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required.` : `${label} must be text.`;
}

export const ZEmail = z
  .string({ error: requiredText('Email') })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ error: 'Invalid email format' }))
  .transform((email) => email.toLowerCase());

export const ZPassword = z
  .string({ error: requiredText('Password') })
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const ZNewPassword = ZPassword.refine((value) => value.length >= PASSWORD_MIN_LENGTH, {
  error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
});

export const ZSignupRequest = z.strictObject({
  email: ZEmail,
  password: ZNewPassword,
  companyName: z
    .string({ error: requiredText('Company name') })
    .trim()
    .min(1, 'Company name is required.')
    .max(120, 'Company name is too long.'),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZVerifyRequest = z.strictObject({
  email: ZEmail,
  code: z
    .string({ error: requiredText('Verification code') })
    .trim()
    .regex(/^\d{6}$/, 'The verification code has 6 digits.'),
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
  .string({ error: requiredText('Code') })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits.');

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
