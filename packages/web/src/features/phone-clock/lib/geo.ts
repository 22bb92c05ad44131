/** A point on Earth in degrees. */
export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in metres (haversine), as the server measures it. */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The workplace whose fence is nearest to `here` (inside one: the nearest centre among those it is
 * inside), with the distance to its centre and whether `here` is inside its radius; null when there are none.
 */
export function nearestWorkplace<T extends LatLng & { radius_m: number }>(
  here: LatLng,
  places: readonly T[],
): { place: T; distance: number; inside: boolean } | null {
  let best: { place: T; distance: number; inside: boolean; edge: number } | null = null;
  for (const place of places) {
    const distance = distanceM(here, place);
    const edge = distance - place.radius_m;
    const inside = edge <= 0;
    const better =
      best === null ||
      (inside && !best.inside) ||
      (inside === best.inside && (inside ? distance < best.distance : edge < best.edge));
    if (better) best = { place, distance, inside, edge };
  }
  return best && { place: best.place, distance: best.distance, inside: best.inside };
}

/** Whether a latitude and longitude are real coordinates. */
export function isLatLng(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export const RADIUS_MIN = 25;
export const RADIUS_MAX = 2000;
