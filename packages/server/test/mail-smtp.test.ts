import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { DEFAULT_PASSWORD, randomEmail } from './helpers/factories';
import { readOutbox } from './helpers/outbox';

type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps every mail it receives. */
async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received };
}

describe('mail over SMTP', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Puna <no-reply@puna.test>',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('sends the sign-up code to the new employer through the SMTP server', async () => {
    const email = randomEmail();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      // In English: the Albanian subject travels MIME-encoded, and this test reads the raw message.
      headers: { 'x-puna-language': 'en' },
      payload: { email, password: DEFAULT_PASSWORD, companyName: 'Smtp Co' },
    });

    expect(res.statusCode).toBe(201);
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail?.to).toEqual([email]);
    expect(mail?.from).toBe('no-reply@puna.test');
    const code = mail?.raw.match(/^Subject: Puna verification code: (\d{6})\r?$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.raw).toContain(`Your Puna verification code is ${code}`);
    expect(await readOutbox(ctx.config.mailOutboxDir)).toEqual([]);

    // The code that travelled over SMTP is the real one.
    const verify = await ctx.app.inject({ method: 'POST', url: '/auth/verify', payload: { email, code } });
    expect(verify.statusCode).toBe(200);
  });

  it('mails a contact message to the admin with the sender as Reply-To', async () => {
    const sender = randomEmail('visitor');

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/contact',
      payload: { name: 'Smtp Visitor', email: sender, message: 'Hello over SMTP' },
    });

    expect(res.statusCode).toBe(201);
    const mail = smtp.received.find((m) => m.raw.includes(sender));
    expect(mail?.to).toEqual([ctx.config.admin.email]);
    expect(mail?.raw).toMatch(new RegExp(`^Reply-To: ${sender.replaceAll('.', '\\.')}\\r?$`, 'm'));
  });
});
