import { z } from 'zod';
import { idField } from './ids';
import { messages } from './messages';

/** Default hours list: 'klista' (Lista Normale) or 'rfid' (RFID Lista). */
export const LIST_TYPES = ['klista', 'rfid'] as const;
export const ZListType = z.enum(LIST_TYPES, { error: messages.listTypeInvalid });
export type TListType = z.infer<typeof ZListType>;

/**
 * The list an employer works with: the RFID list is part of Premium, so a basic employer always
 * gets the normal list, whatever it chose while premium.
 */
export function effectiveListType(plan: string, chosen: string): TListType {
  return plan === 'premium' && chosen === 'rfid' ? 'rfid' : 'klista';
}

/** Whether an employer's hours come from scans (premium with the RFID list chosen) rather than entries. */
export function hoursComeFromScans(plan: string, chosen: string): boolean {
  return effectiveListType(plan, chosen) === 'rfid';
}

export const ZListTypeParams = z.object({ userId: idField(messages.employerIdInvalid) });
export const ZListTypeResponse = z.object({ listaType: ZListType });
export const ZUpdateListTypeRequest = z.strictObject({ listaType: ZListType });
export const ZSuccessResponse = z.object({ success: z.literal(true) });
