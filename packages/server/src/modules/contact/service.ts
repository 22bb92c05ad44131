import type { TContactRequest } from '@puna/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { escapeHtml, type Mailer } from '../../plugins/mail';
import { consumeOrRefuse, type RateLimits } from '../../plugins/rate-limits';

type ContactDeps = { db: Db; mailer: Mailer; config: AppConfig; rateLimits: RateLimits; log: FastifyBaseLogger };

/** Stores the message first (the inbox is the record), then mails the platform admin. */
export async function sendContactMessage(deps: ContactDeps, input: TContactRequest, ip: string): Promise<void> {
  await consumeOrRefuse(deps.rateLimits.contactPerIp, ip, 'messages from your network');
  await deps.db.insert(contactMessages).values({ ...input, ip });
  try {
    await deps.mailer.send({
      to: deps.config.admin.email,
      replyTo: input.email,
      subject: `Puna contact: ${input.name}`,
      text: `${input.name} <${input.email}> wrote:\n\n${input.message}`,
      html: `<p><strong>${escapeHtml(input.name)}</strong> &lt;${escapeHtml(input.email)}&gt; wrote:</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    });
  } catch (error) {
    // The message is stored and shows in the admin inbox; a mail failure must not lose it.
    deps.log.error({ err: error }, 'contact mail could not be sent');
  }
}
