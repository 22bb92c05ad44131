/** 'HH:MM:SS' or 'HH:MM' → 'HH:MM' (the list shows minutes; the server keeps seconds). */
export function clockTime(time: string): string {
  return time.slice(0, 5);
}

/**
 * A day's first-to-last scan as the list shows it: "08:02 – 16:10", or a single time when the
 * worker scanned once (a missing checkout).
 */
export function scanRange(first: string, last: string, singleScan: boolean): string {
  const from = clockTime(first);
  const to = clockTime(last);
  return singleScan || from === to ? from : `${from} – ${to}`;
}

/** A card as people read it: a clock's `PIN:7` is its PIN, anything else the card UID itself. */
export function cardLabel(uid: string): { kind: 'pin' | 'card'; value: string } {
  return uid.startsWith('PIN:') ? { kind: 'pin', value: uid.slice(4) } : { kind: 'card', value: uid };
}
