import { describe, expect, it } from 'vitest';
import { distanceM, isLatLng, nearestWorkplace } from './geo';

// Tirana's Skanderbeg Square and a point about 111 m north of it.
const square = { lat: 41.3275, lng: 19.8187 };
const north = { lat: 41.3285, lng: 19.8187 };

describe('distanceM', () => {
  it('measures a thousandth of a degree of latitude as about 111 m', () => {
    expect(distanceM(square, north)).toBeGreaterThan(110);
    expect(distanceM(square, north)).toBeLessThan(112);
  });

  it('is zero from a point to itself and the same both ways', () => {
    expect(distanceM(square, square)).toBe(0);
    expect(distanceM(square, north)).toBeCloseTo(distanceM(north, square), 6);
  });
});

describe('nearestWorkplace', () => {
  const shop = { id: 1, name: 'Dyqani', ...square, radius_m: 50 };
  const yard = { id: 2, name: 'Kantieri', lat: 41.33, lng: 19.8187, radius_m: 2000 };

  it('is null without workplaces', () => {
    expect(nearestWorkplace(square, [])).toBeNull();
  });

  it('prefers a fence the phone is inside over a nearer centre it is outside of', () => {
    const result = nearestWorkplace(north, [shop, yard]);
    expect(result?.place.id).toBe(2);
    expect(result?.inside).toBe(true);
  });

  it('outside every fence, names the one whose edge is nearest', () => {
    const far = { lat: 41.4, lng: 19.8187 };
    const result = nearestWorkplace(far, [shop, yard]);
    expect(result?.place.id).toBe(2);
    expect(result?.inside).toBe(false);
    expect(result?.distance).toBeGreaterThan(2000);
  });
});

describe('isLatLng', () => {
  it('accepts coordinates and refuses what is none', () => {
    expect(isLatLng(41.3, 19.8)).toBe(true);
    expect(isLatLng(91, 0)).toBe(false);
    expect(isLatLng(0, -181)).toBe(false);
    expect(isLatLng(Number.NaN, 0)).toBe(false);
  });
});
