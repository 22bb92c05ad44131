import path from 'node:path';
import { z } from 'zod';
import { defaultWebDistDir } from './paths';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** PGlite: flush every commit to the disk (`on`) or leave it in the OS page cache (`off`). */
  PGLITE_FSYNC: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Puna <no-reply@puna.local>'),
  MAIL_OUTBOX_DIR: optionalString,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'ADMIN_PASSWORD must have at least 8 characters').optional(),
  ),
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_PLAN_ID: optionalString,
  PAYPAL_API_BASE: optionalUrl,
  /** The id PayPal gave the webhook (Developer Dashboard); needed to verify webhook signatures. */
  PAYPAL_WEBHOOK_ID: optionalString,
  TZ_DEFAULT: z.string().default('Europe/Tirane'),
  /**
   * Multiplies the per-IP limits (login, verification, contact). The browser suite sets it because
   * all its users share 127.0.0.1; per-account limits never change.
   */
  IP_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * Origins of web clients served from elsewhere that may call the API with the user's cookie
   * (comma-separated, e.g. `https://app.example.com`); empty: only Puna's own origin.
   */
  CORS_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const origins = (value ?? '')
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        for (const origin of origins) {
          let parsed: URL | undefined;
          try {
            parsed = new URL(origin);
          } catch {
            parsed = undefined;
          }
          if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
            ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://app.example.com` });
          }
        }
        return origins;
      }),
  ),
  /** SameSite of the session cookies: `lax` (default), `strict`, or `none` (cross-site clients; needs https). */
  COOKIE_SAME_SITE: z.preprocess(emptyToUndefined, z.enum(['lax', 'strict', 'none']).default('lax')),
  /** Chat messages one user may send per 10 s (and again as a burst per minute). */
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  ATTENDANCE_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  PHOTO_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  /** Tests only (NODE_ENV=test): let Web Push reach a stand-in push service on this machine. */
  PUSH_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  /**
   * Trust X-Forwarded-* from proxies in front (client IPs for rate limits): `true` (one proxy), a
   * number of proxies, or their addresses and CIDR ranges, comma-separated.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
        message: 'TRUST_PROXY is true, false, a number of proxies, or their addresses (comma-separated)',
      })
      .optional(),
  ),
  /**
   * pino's level. `warn` by default: a line per request (`info`) would push `npm start`'s banner out
   * of view; `info` brings the request lines back.
   */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** Folder of the built web app; defaults to packages/web/dist. */
  WEB_DIST_DIR: optionalString,
  /** Contact the push services may reach about this server: `mailto:…` or `https://…`. */
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https:// address')
      .optional(),
  ),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite flushes every commit to the disk (PGLITE_FSYNC=on, the default). */
  pgliteFsync: boolean;
  publicUrl: string;
  /** True when the public URL is https: cookies are then marked Secure. */
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  admin: { email: string; password: string | undefined };
  paypal: { clientId?: string; clientSecret?: string; planId?: string; webhookId?: string; apiBase: string };
  defaultTimeZone: string;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For is believed (Fastify's `trustProxy`): a number of hops counted
   * from this server, or addresses and ranges. Never "every hop": a client could then name its own
   * address in the header and step around the per-IP limits.
   */
  trustProxy: false | number | string[];
  webDistDir: string;
  /** Web Push VAPID subject (VAPID_SUBJECT; else the https public URL, else mailto: the admin). */
  vapidSubject: string;
  /** How often each process re-checks the sessions of its open sockets (logged out, expired, deleted). */
  socketSessionCheckMs: number;
  /** Origins allowed to call the API cross-origin with credentials (CORS_ORIGINS). */
  corsOrigins: string[];
  /** SameSite attribute of the session cookies. */
  cookieSameSite: 'lax' | 'strict' | 'none';
  /**
   * Web Push may reach loopback and private addresses (a test's stand-in push service). Only with
   * NODE_ENV=test; in every other environment push endpoints must be public addresses.
   */
  pushAllowPrivateAddresses: boolean;
  /** How often expired sessions, codes and rate-limit rows are deleted. */
  purgeIntervalMs: number;
  /**
   * How often the attendance job runs (missed-checkout reminders, automatic checkouts, the daily
   * digest; ATTENDANCE_JOB_INTERVAL_MS, 60 s; 0 turns it off, the default under NODE_ENV=test).
   */
  attendanceJobIntervalMs: number;
  /**
   * How often the photo job deletes punch photos past their employer's retention
   * (PHOTO_JOB_INTERVAL_MS, a day; also a minute after start; 0 turns it off, the default under NODE_ENV=test).
   */
  photoJobIntervalMs: number;
  /** Rate limits (shared through PostgreSQL, in memory on PGlite); IP_RATE_LIMIT_FACTOR raises the per-IP ones. */
  limits: RateLimitSettings;
};

/**
 * Every limit in one place (README: "Limits"). Windows are fixed: `perAccountIp` failed logins per
 * (account, IP) per 15 minutes, then that pair is locked 15 minutes; past `accountSlowdownAfter`
 * failures per account in 15 minutes from all addresses, that account takes one attempt per
 * `accountSlowdownSeconds`. Mails with codes are limited per address and per IP.
 */
export type RateLimitSettings = {
  loginPerAccount: number;
  loginPerIp: number;
  accountSlowdownAfter: number;
  accountSlowdownSeconds: number;
  verifyPerIp: number;
  verifyPerEmail: number;
  signupPerIp: number;
  codeMailsPerEmail: number;
  codeMailsPerIp: number;
  passwordChecksPerUser: number;
  /** Requests to move a login to another e-mail, per user per 15 minutes (each one says whether an address is taken). */
  emailChangesPerUser: number;
  contactPerIp: number;
  chatMessages: number;
  chatWindowSeconds: number;
  chatBurst: number;
  /** Requests from serials no employer has registered, per IP per 10 minutes (then 429 in text). */
  unknownClockPerIp: number;
};

/** The limits a server uses unless told otherwise; the per-IP ones multiplied by IP_RATE_LIMIT_FACTOR. */
export function defaultLimits(ipFactor = 1, chatMessages = 10): RateLimitSettings {
  return {
    loginPerAccount: 5,
    loginPerIp: 50 * ipFactor,
    accountSlowdownAfter: 10,
    accountSlowdownSeconds: 2,
    verifyPerIp: 30 * ipFactor,
    verifyPerEmail: 10,
    signupPerIp: 10 * ipFactor,
    codeMailsPerEmail: 5,
    codeMailsPerIp: 20 * ipFactor,
    passwordChecksPerUser: 5,
    emailChangesPerUser: 5,
    contactPerIp: 5 * ipFactor,
    chatMessages,
    chatWindowSeconds: 10,
    chatBurst: chatMessages,
    // A clock polls every 10 s: one unregistered clock stays under it, serial guessing does not.
    unknownClockPerIp: 120 * ipFactor,
  };
}

/** Reads and validates the environment once; nothing else reads `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const adminEmail = (e.ADMIN_EMAIL ?? 'admin@puna.local').toLowerCase();
  if (e.COOKIE_SAME_SITE === 'none' && !publicUrl.startsWith('https://')) {
    throw new Error(
      'Invalid configuration: COOKIE_SAME_SITE=none needs an https:// PUBLIC_URL (browsers drop such cookies otherwise)',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteFsync: e.PGLITE_FSYNC !== 'off',
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    admin: { email: adminEmail, password: e.ADMIN_PASSWORD },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      planId: e.PAYPAL_PLAN_ID,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      apiBase: e.PAYPAL_API_BASE ?? 'https://api-m.sandbox.paypal.com',
    },
    defaultTimeZone: e.TZ_DEFAULT,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir),
    vapidSubject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${adminEmail}`),
    socketSessionCheckMs: 15_000,
    corsOrigins: e.CORS_ORIGINS,
    pushAllowPrivateAddresses:
      e.NODE_ENV === 'test' && (e.PUSH_ALLOW_PRIVATE === 'true' || e.PUSH_ALLOW_PRIVATE === '1'),
    cookieSameSite: e.COOKIE_SAME_SITE,
    purgeIntervalMs: 60 * 60 * 1000,
    attendanceJobIntervalMs: e.ATTENDANCE_JOB_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 60_000),
    photoJobIntervalMs: e.PHOTO_JOB_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 86_400_000),
    limits: defaultLimits(e.IP_RATE_LIMIT_FACTOR, e.CHAT_RATE_LIMIT),
    ...overrides,
  };
}

/** TRUST_PROXY as Fastify takes it: `true` is the one proxy in front, `false`/`0` none. */
function trustProxyOf(value: string | undefined): false | number | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}
