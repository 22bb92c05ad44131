/**
 * The first segment of query keys that more than one feature reads or refreshes. Every hours query
 * starts with `hoursKey` and every RFID query with `rfidKey`, so one change refreshes them all.
 */
export const hoursKey = ['hours'] as const;
export const rfidKey = ['rfid'] as const;
