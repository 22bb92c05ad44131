import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { outboxDir } from './env';

export type OutboxMail = { to: string; subject: string; text: string; html: string; sentAt: string };

/** Every mail the outbox holds for `email`, oldest first. */
export async function mailsTo(email: string): Promise<OutboxMail[]> {
  const dir = outboxDir();
  let names: string[] = [];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      try {
        return JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxMail;
      } catch {
        return null; // a file still being written; the next poll reads it
      }
    }),
  );
  return mails
    .filter((mail): mail is OutboxMail => mail !== null && mail.to.toLowerCase() === email.toLowerCase())
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The 6-digit code of the newest verification mail sent to `email` (waits for it to arrive). */
export async function readVerificationCode(email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const newest = (await mailsTo(email)).at(-1);
        code = newest?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      },
      { message: `a verification mail to ${email} in the outbox`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The 6-digit code of the newest mail to `email` whose subject matches (password reset, e-mail change). */
export async function readMailedCode(email: string, subject: RegExp): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const newest = (await mailsTo(email)).filter((mail) => subject.test(mail.subject)).at(-1);
        code = newest?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      },
      { message: `a mail to ${email} with a subject like ${subject} in the outbox`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
