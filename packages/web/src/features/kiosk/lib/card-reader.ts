/** Shorter reads are a stray key press, not a card (card numbers are 8–10 digits or 8+ hex digits). */
export const MIN_CARD_LENGTH = 6;
/** Protocol v1's limit on a UID. */
export const MAX_CARD_LENGTH = 64;
/**
 * A USB keyboard-wedge reader types a card's number within a few ms per key; a person needs well
 * over 100 ms. A longer pause between two keys starts the read again, so typing by hand never
 * makes a scan.
 */
export const MAX_KEY_GAP_MS = 80;

const CARD_CHARACTER = /^[0-9a-fA-F]$/;

/**
 * Turns key presses into card reads: hex digits typed fast, then Enter. Feed it every key with the
 * time it came (`KeyboardEvent.timeStamp`); it returns the UID on the Enter that ends a read.
 */
export class CardReader {
  private buffer = '';
  private lastKeyAt = Number.NEGATIVE_INFINITY;

  key(key: string, at: number): string | null {
    // Shift (some readers send it for A–F) and other named keys are not part of the number.
    if (key.length > 1 && key !== 'Enter') return null;
    const gap = at - this.lastKeyAt;
    this.lastKeyAt = at;
    if (key === 'Enter') {
      const read = gap <= MAX_KEY_GAP_MS ? this.buffer : '';
      this.buffer = '';
      return read.length >= MIN_CARD_LENGTH && read.length <= MAX_CARD_LENGTH ? read.toUpperCase() : null;
    }
    if (!CARD_CHARACTER.test(key)) {
      this.buffer = '';
      return null;
    }
    this.buffer = gap <= MAX_KEY_GAP_MS ? this.buffer + key : key;
    return null;
  }
}
