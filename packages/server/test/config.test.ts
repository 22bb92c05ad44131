import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('runs on defaults alone: port 3000, PGlite in ./data, outbox inside it, plain http', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      mailOutboxDir: path.resolve('data', 'outbox'),
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      smtpUrl: undefined,
      admin: { email: 'admin@puna.local', password: undefined },
      defaultTimeZone: 'Europe/Tirane',
    });
  });

  it('marks cookies Secure when PUBLIC_URL is https, and drops its trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://puna.example/' });
    expect(config.publicUrl).toBe('https://puna.example');
    expect(config.secureCookies).toBe(true);
  });

  it('flushes PGlite commits to the disk unless PGLITE_FSYNC=off', () => {
    expect(loadConfig({}).pgliteFsync).toBe(true);
    expect(loadConfig({ PGLITE_FSYNC: '' }).pgliteFsync).toBe(true);
    expect(loadConfig({ PGLITE_FSYNC: 'off' }).pgliteFsync).toBe(false);
    expect(() => loadConfig({ PGLITE_FSYNC: 'no' })).toThrow(/PGLITE_FSYNC/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '', ADMIN_PASSWORD: '', MAIL_OUTBOX_DIR: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.admin.password).toBeUndefined();
  });

  it('takes the VAPID subject from VAPID_SUBJECT, else the https public URL, else mailto: the admin', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@puna.example' }).vapidSubject).toBe('mailto:ops@puna.example');
    expect(loadConfig({ PUBLIC_URL: 'https://puna.example/' }).vapidSubject).toBe('https://puna.example');
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@Example.TEST' }).vapidSubject).toBe('mailto:boss@example.test');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://puna.example' })).toThrow(/VAPID_SUBJECT/);
  });

  it('lower-cases ADMIN_EMAIL so it matches the stored e-mail', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@Example.TEST' }).admin.email).toBe('boss@example.test');
  });

  it.each([
    ['an ADMIN_PASSWORD under 8 characters', { ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must have at least 8/],
    ['a PORT that is not a number', { PORT: 'eighty' }, /PORT/],
    ['a DATABASE_URL that is not a URL', { DATABASE_URL: 'localhost/db' }, /DATABASE_URL/],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('refuses %s with a readable message', (_case, env, message) => {
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration: /);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
