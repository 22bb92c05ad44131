import { compareNames, messages, type TLocation, type TLocationInput } from '@puna/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { locations } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';

/**
 * The employer's workplaces (docs/product.md#workplaces): circles of `radius_m` metres a phone punch
 * must fall in. Removing one keeps its punches' coordinates; their `location_id` becomes null.
 */

type Row = typeof locations.$inferSelect;

const toLocation = (row: Row): TLocation => ({
  id: row.id,
  name: row.name,
  lat: row.lat,
  lng: row.lng,
  radius_m: row.radiusM,
  address: row.address,
});

/** Workplaces by name. */
export const sortedLocations = (list: TLocation[]): TLocation[] =>
  list.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);

/** The employer's workplaces by name. */
export async function locationsOf(db: Executor, employerId: number): Promise<TLocation[]> {
  const rows = await db.select().from(locations).where(eq(locations.employerId, employerId));
  return sortedLocations(rows.map(toLocation));
}

/** The names of these workplaces of the employer, by id. */
export async function locationNamesOf(db: Executor, employerId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.employerId, employerId), inArray(locations.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** GET /krye/locations. */
export async function listLocations(deps: ServiceDeps, actor: Actor): Promise<{ locations: TLocation[] }> {
  return { locations: await locationsOf(deps.db, tenantOf(actor)) };
}

const fieldsOf = (input: TLocationInput) => ({
  name: input.name,
  lat: input.lat,
  lng: input.lng,
  radiusM: input.radius_m,
  address: input.address ?? null,
});

/** POST /krye/locations. */
export async function createLocation(
  deps: ServiceDeps,
  actor: Actor,
  input: TLocationInput,
): Promise<{ location: TLocation }> {
  const [row] = await deps.db
    .insert(locations)
    .values({ employerId: tenantOf(actor), ...fieldsOf(input) })
    .returning();
  if (!row) throw new Error('storing a workplace returned no row');
  return { location: toLocation(row) };
}

/** PUT /krye/locations/{id}: another employer's workplace is "not found", like a missing one. */
export async function updateLocation(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: TLocationInput,
): Promise<{ location: TLocation }> {
  const [row] = await deps.db
    .update(locations)
    .set(fieldsOf(input))
    .where(and(eq(locations.employerId, tenantOf(actor)), eq(locations.id, id)))
    .returning();
  if (!row) throw notFound(messages.locationNotFound);
  return { location: toLocation(row) };
}

/** DELETE /krye/locations/{id}: its punches keep their coordinates and distance, their workplace becomes null. */
export async function deleteLocation(deps: ServiceDeps, actor: Actor, id: number): Promise<{ deleted: true }> {
  const deleted = await deps.db
    .delete(locations)
    .where(and(eq(locations.employerId, tenantOf(actor)), eq(locations.id, id)))
    .returning({ id: locations.id });
  if (deleted.length === 0) throw notFound(messages.locationNotFound);
  return { deleted: true };
}
