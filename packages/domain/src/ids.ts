import { z } from 'zod';
import { messages } from './messages';

/** Largest id a PostgreSQL `integer`/`serial` column holds; bigger numbers are refused, never a 500. */
export const MAX_ID = 2_147_483_647;

/** An id no row has (serial ids start at 1): what an id beyond `MAX_ID` becomes. */
export const NO_SUCH_ID = 0;

/**
 * A row id given as a number or as digits (path parameters and older clients send text). An id
 * beyond the `integer` range cannot exist, so it is read as one that does not: the route answers
 * as it does for any missing row (404), never with a database error.
 */
export function idField(message: string = messages.idInvalid) {
  return z
    .union([z.number(), z.string().regex(/^\d+$/, { error: message })], { error: message })
    .transform(Number)
    .pipe(z.number().refine((id) => beyondRange(id) || (Number.isSafeInteger(id) && id >= 1), { error: message }))
    .transform((id) => (beyondRange(id) ? NO_SUCH_ID : id));
}

/** A whole number too large for an `integer` column (however many digits it was given with). */
const beyondRange = (id: number) => Number.isInteger(id) && id > MAX_ID;

/** `{ id }` path parameters. */
export const ZIdParams = z.object({ id: idField() });
