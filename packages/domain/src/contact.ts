import { z } from 'zod';
import { requiredText, ZEmail } from './auth';

export const ZContactRequest = z.strictObject({
  name: z
    .string({ error: requiredText('Name') })
    .trim()
    .min(1, 'Name is required.')
    .max(120, 'Name is too long.'),
  email: ZEmail,
  message: z
    .string({ error: requiredText('Message') })
    .trim()
    .min(1, 'Message is required.')
    .max(5000, 'Message is too long (at most 5000 characters).'),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;
