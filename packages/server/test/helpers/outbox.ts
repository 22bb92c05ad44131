import fs from 'node:fs/promises';
import path from 'node:path';

export type OutboxMail = { to: string; subject: string; text: string; html: string; sentAt: string };

/** Mails written to a file outbox, oldest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map(async (file) => JSON.parse(await fs.readFile(path.join(outboxDir, file), 'utf8')) as OutboxMail),
  );
  return mails;
}

/** The 6-digit code of the latest verification mail sent to `email`. */
export async function latestCode(outboxDir: string, email: string): Promise<string> {
  const mails = (await readOutbox(outboxDir)).filter((mail) => mail.to === email);
  const match = mails.at(-1)?.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no verification code mailed to ${email}`);
  return match[1];
}
