import { LOCATION_RADIUS_MAX, LOCATION_RADIUS_MIN, type TPoint } from '@puna/domain';

/** A point on Earth in degrees (the domain's `TPoint`). */
export type LatLng = TPoint;

/** Whether a latitude and longitude are real coordinates. */
export function isLatLng(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export const RADIUS_MIN = LOCATION_RADIUS_MIN;
export const RADIUS_MAX = LOCATION_RADIUS_MAX;
