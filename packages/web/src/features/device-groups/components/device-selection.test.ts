import { describe, expect, it } from 'vitest';
import { isSelected, toggleDevice } from './device-selection';

const hyrja = { device_id: 'ESP-1', name: 'Hyrja' };
const dalja = { device_id: 'ESP-2', name: 'Dalja' };

describe('toggleDevice', () => {
  it('adds a device that is not selected and removes one that is, matched by id', () => {
    const once = toggleDevice([], hyrja);
    expect(once).toEqual([hyrja]);
    expect(isSelected(once, 'ESP-1')).toBe(true);
    const twice = toggleDevice(once, dalja);
    expect(twice).toEqual([hyrja, dalja]);
    expect(toggleDevice(twice, { ...hyrja, name: 'renamed' })).toEqual([dalja]);
    expect(isSelected(toggleDevice(twice, hyrja), 'ESP-1')).toBe(false);
  });
});
