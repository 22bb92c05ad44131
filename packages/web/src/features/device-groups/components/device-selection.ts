import type { GroupDevice } from '../api/get-device-groups';

/** Adds the device to the selection, or takes it out when it is already in. */
export function toggleDevice(selected: readonly GroupDevice[], device: GroupDevice): GroupDevice[] {
  return selected.some((chosen) => chosen.device_id === device.device_id)
    ? selected.filter((chosen) => chosen.device_id !== device.device_id)
    : [...selected, device];
}

export function isSelected(selected: readonly GroupDevice[], deviceId: string): boolean {
  return selected.some((chosen) => chosen.device_id === deviceId);
}
