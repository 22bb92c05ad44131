import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };

/** The languages a mail is written in: Albanian, the product's language, unless English was chosen. */
export type MailLanguage = 'sq' | 'en';

/**
 * The header the web app sends with the screen's language (issue 34: mails go in the account's
 * language). Accounts keep no language of their own, so the language the account was working in
 * when it asked for the mail is the best one known; other clients (the spec's client, curl) send
 * none and get Albanian. A header of the app's own rather than Accept-Language, which says the
 * browser's language, not the one chosen in Puna.
 */
export const LANGUAGE_HEADER = 'x-puna-language';

const requestLanguages = new AsyncLocalStorage<MailLanguage>();

/** The language of the request being served: 'en' when the app said so, else 'sq' (also outside a request). */
export function requestLanguage(): MailLanguage {
  return requestLanguages.getStore() ?? 'sq';
}

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Human description of where mail goes, printed at start. */
  describe(): string;
  close(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** SMTP when a URL is configured; otherwise one JSON file per mail so sign-up works offline. */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (options.smtpUrl) {
    const url = options.smtpUrl;
    const where = new URL(url);
    // Nodemailer is loaded with the first mail, not at start (about 50 ms of a later start on one core).
    let transport: Promise<Transporter> | null = null;
    const transportOf = () => {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      return transport;
    };
    return {
      async send(mail) {
        await (await transportOf()).sendMail({ from: options.from, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent over SMTP');
      },
      describe: () => `SMTP ${where.hostname}:${where.port || '(default port)'}`,
      close: () => {
        void transport?.then(
          (made) => made.close(),
          () => {},
        );
      },
    };
  }
  return {
    async send(mail) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const sentAt = new Date().toISOString();
      const file = path.join(
        options.outboxDir,
        `${sentAt.replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.json`,
      );
      const body = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, sentAt };
      await fs.writeFile(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
    describe: () => `the file outbox ${options.outboxDir} (set SMTP_URL to send real mail)`,
    close: () => {},
  };
}

export const mailPlugin = fp(async (app: FastifyInstance) => {
  const mailer = createMailer(
    { smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, outboxDir: app.config.mailOutboxDir },
    app.log,
  );
  app.decorate('mailer', mailer);
  // Each request runs in its own store, so a mail written anywhere below a route (a service, a
  // helper) reads the caller's language without every function passing it along.
  app.addHook('onRequest', (request, _reply, done) => {
    requestLanguages.run(request.headers[LANGUAGE_HEADER] === 'en' ? 'en' : 'sq', done);
  });
  app.addHook('onClose', async () => mailer.close());
});

/** Escapes text placed into a mail's HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
