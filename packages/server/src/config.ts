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
  /** Trust X-Forwarded-* from a load balancer in front (client IPs for rate limits). */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  trustProxy: boolean;
  webDistDir: string;
  /** Web Push VAPID subject (VAPID_SUBJECT; else the https public URL, else mailto: the admin). */
  vapidSubject: string;
  /** How often each process re-checks the sessions of its open sockets (logged out, expired, deleted). */
  socketSessionCheckMs: number;
  /** Rate limits (per process); IP_RATE_LIMIT_FACTOR raises the per-IP ones. */
  limits: { loginPerAccount: number; loginPerIp: number; verifyPerIp: number; contactPerIp: number };
};

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
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir),
    vapidSubject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${adminEmail}`),
    socketSessionCheckMs: 15_000,
    limits: {
      loginPerAccount: 5,
      loginPerIp: 50 * e.IP_RATE_LIMIT_FACTOR,
      verifyPerIp: 30 * e.IP_RATE_LIMIT_FACTOR,
      contactPerIp: 5 * e.IP_RATE_LIMIT_FACTOR,
    },
    ...overrides,
  };
}
