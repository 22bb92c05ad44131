import { z } from 'zod';

/** The error shape every refused request answers with. */
export const ZErrorResponse = z.object({
  Status: z.literal(false),
  Error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** The sentence's code in the message catalog (`messages.ts`), when it comes from there: clients translate by it. */
  code: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** `{ Status: true, Result }`, the spec's success envelope. */
export function resultEnvelope<T extends z.ZodType>(result: T) {
  return z.object({ Status: z.literal(true), Result: result });
}

export const ZOkResponse = z.object({ Status: z.literal(true) });
