import { z } from 'zod';
import { idField } from './ids';

/** Default hours list: 'klista' (Lista Normale) or 'rfid' (RFID Lista). */
export const LIST_TYPES = ['klista', 'rfid'] as const;
export const ZListType = z.enum(LIST_TYPES, { error: "listaType must be 'rfid' or 'klista'." });
export type TListType = z.infer<typeof ZListType>;

export const ZListTypeParams = z.object({ userId: idField('The employer id must be a positive whole number.') });
export const ZListTypeResponse = z.object({ listaType: ZListType });
export const ZUpdateListTypeRequest = z.strictObject({ listaType: ZListType });
export const ZSuccessResponse = z.object({ success: z.literal(true) });
