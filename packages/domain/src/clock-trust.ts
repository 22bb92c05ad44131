import { z } from 'zod';
import { resultEnvelope } from './envelope';

/**
 * GET /api/controllers/{id}/trust: a ZKTeco clock's confirmation tries and the punches held from
 * before its confirmation (docs/devices.md, "Trusting a clock").
 */
export const ZClockTrust = z.object({
  /** Uploads that tried confirmation-range PINs and confirmed nothing, on the current confirmation PIN. */
  confirm_attempts: z.number().int(),
  /** At this many the confirmation PIN takes no more tries (register the clock again, or approve the move again). */
  max_confirm_attempts: z.number().int(),
  /** Punches older than this are held aside (null: every punch counts). */
  punches_from: z.string().nullable(),
  held: z.object({
    count: z.number().int(),
    oldest: z.string().nullable(),
    newest: z.string().nullable(),
    /** The newest held punches: the clock user's PIN and the time. */
    shown: z.array(z.object({ pin: z.string(), at: z.string() })),
  }),
});
export type TClockTrust = z.infer<typeof ZClockTrust>;
export const ZClockTrustResponse = resultEnvelope(ZClockTrust);

/** POST /api/controllers/{id}/import-held: how many held punches became attendance. */
export const ZImportHeldResponse = resultEnvelope(z.object({ imported: z.number().int() }));
