import { describe, expect, it } from 'vitest';
import { CardReader } from './card-reader';

/** Keys typed `gapMs` apart from `start`; returns what the reader made of the last one. */
function type(reader: CardReader, keys: string[], gapMs: number, start = 1000): (string | null)[] {
  return keys.map((key, i) => reader.key(key, start + i * gapMs));
}

const keysOf = (text: string) => [...text, 'Enter'];

describe('CardReader', () => {
  it('reads hex digits typed fast and ended by Enter, upper-cased', () => {
    const reader = new CardReader();
    expect(type(reader, keysOf('04a1b2c3'), 10).at(-1)).toBe('04A1B2C3');
  });

  it('ignores Shift between the digits', () => {
    const reader = new CardReader();
    expect(type(reader, ['0', 'Shift', 'A', '1', 'Shift', 'B', '2', '3', 'Enter'], 8).at(-1)).toBe('0A1B23');
  });

  it('ignores reads that are too short, and Enter alone', () => {
    const reader = new CardReader();
    expect(type(reader, keysOf('1234'), 10).at(-1)).toBeNull();
    expect(reader.key('Enter', 5000)).toBeNull();
  });

  it('never makes a scan from typing by hand', () => {
    const reader = new CardReader();
    expect(type(reader, keysOf('12345678'), 150).at(-1)).toBeNull();
  });

  it('starts again after a pause, so a stray key before a read does not spoil it', () => {
    const reader = new CardReader();
    reader.key('9', 0);
    expect(type(reader, keysOf('00123456'), 10, 2000).at(-1)).toBe('00123456');
  });

  it('drops a read with a character a card number never has', () => {
    const reader = new CardReader();
    expect(type(reader, keysOf('0012x3456'), 10).at(-1)).toBeNull();
  });
});
