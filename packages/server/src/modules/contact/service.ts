import type { TContactRequest } from '@puna/domain';
import { contactMessages } from '../../db/schema';
import type { ServiceDeps } from '../../plugins/deps';
import { escapeHtml } from '../../plugins/mail';
import { consumeOrRefuse } from '../../plugins/rate-limits';

/**
 * Stores the message first (the inbox is the record), then mails the platform admin, in Albanian:
 * the admin's language, whatever the visitor's (issue 34).
 */
export async function sendContactMessage(deps: ServiceDeps, input: TContactRequest, ip: string): Promise<void> {
  await consumeOrRefuse(deps.rateLimits.contactPerIp, ip, 'messages from your network');
  await deps.db.insert(contactMessages).values({ ...input, ip });
  try {
    await deps.mailer.send({
      to: deps.config.admin.email,
      replyTo: input.email,
      subject: `Puna, mesazh kontakti: ${input.name}`,
      text: `${input.name} <${input.email}> shkroi:\n\n${input.message}`,
      html: `<p><strong>${escapeHtml(input.name)}</strong> &lt;${escapeHtml(input.email)}&gt; shkroi:</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    });
  } catch (error) {
    // The message is stored and shows in the admin inbox; a mail failure must not lose it.
    deps.log.error({ err: error }, 'contact mail could not be sent');
  }
}
