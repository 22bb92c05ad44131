import { z } from 'zod';

/** Largest id a PostgreSQL `integer`/`serial` column holds; bigger numbers are refused, never a 500. */
export const MAX_ID = 2_147_483_647;

/** A row id given as a number or as digits (path parameters and older clients send text). */
export function idField(message = 'The id must be a positive whole number.') {
  return z
    .union([z.number(), z.string().regex(/^\d+$/, { error: message })], { error: message })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }));
}

/** `{ id }` path parameters. */
export const ZIdParams = z.object({ id: idField() });
