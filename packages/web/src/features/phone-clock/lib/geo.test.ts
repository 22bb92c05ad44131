import { describe, expect, it } from 'vitest';
import { isLatLng } from './geo';

describe('isLatLng', () => {
  it('accepts coordinates and refuses what is none', () => {
    expect(isLatLng(41.3, 19.8)).toBe(true);
    expect(isLatLng(91, 0)).toBe(false);
    expect(isLatLng(0, -181)).toBe(false);
    expect(isLatLng(Number.NaN, 0)).toBe(false);
  });
});
