import { z } from 'zod';
import { resultEnvelope } from './envelope';

/** A colleague a worker may offer a shift to (a swap): id and name only, never pay or contacts. */
export const ZColleague = z.object({ id: z.number().int(), name: z.string() });
export type TColleague = z.infer<typeof ZColleague>;

/** GET /krye/worker/me/colleagues: the employer's other employees who have not left, by name. */
export const ZColleagueListResponse = resultEnvelope(z.array(ZColleague));
