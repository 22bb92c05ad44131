import { z } from 'zod';
import { ZEmail } from './auth';
import { messages, requiredOrText } from './messages';

export const ZContactRequest = z.strictObject({
  name: z
    .string({ error: requiredOrText(messages.nameRequired, messages.nameNotText) })
    .trim()
    .min(1, messages.nameRequired)
    .max(120, messages.nameTooLong),
  email: ZEmail,
  message: z
    .string({ error: requiredOrText(messages.messageRequired, messages.messageNotText) })
    .trim()
    .min(1, messages.messageRequired)
    .max(5000, messages.messageTooLong),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;
