import { describe, expect, it } from 'vitest';
import { toDeviceGroup } from './get-device-groups';

const hyrja = { device_id: 'ESP-1', name: 'Hyrja' };
const dalja = { device_id: 'ESP-2', name: 'Dalja' };

describe('toDeviceGroup', () => {
  it('reads the devices the server sends as JSON text', () => {
    expect(toDeviceGroup({ id: 3, name: 'Zyra', devices: JSON.stringify([hyrja, dalja]) })).toEqual({
      id: 3,
      name: 'Zyra',
      devices: [hyrja, dalja],
    });
  });

  it('names a device without a name by its id', () => {
    expect(toDeviceGroup({ id: 1, name: 'A', devices: '[{"device_id":"ZK-9"}]' }).devices).toEqual([
      { device_id: 'ZK-9', name: 'ZK-9' },
    ]);
  });

  it('counts text that is not a device list as no devices', () => {
    for (const devices of ['', 'not json', '{"device_id":"x"}', '[1,2]']) {
      expect(toDeviceGroup({ id: 1, name: 'A', devices }).devices).toEqual([]);
    }
  });
});
