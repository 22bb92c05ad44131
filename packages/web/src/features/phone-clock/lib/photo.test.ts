import { describe, expect, it } from 'vitest';
import { base64Bytes, fitSize } from './photo';

describe('base64Bytes', () => {
  it('counts the decoded bytes, padding left out', () => {
    expect(base64Bytes(Buffer.from('abc').toString('base64'))).toBe(3);
    expect(base64Bytes(Buffer.from('abcd').toString('base64'))).toBe(4);
    expect(base64Bytes(Buffer.from('abcde').toString('base64'))).toBe(5);
  });
});

describe('fitSize', () => {
  it('shrinks the longest side to the limit and keeps the shape', () => {
    expect(fitSize(1280, 720, 640)).toEqual({ width: 640, height: 360 });
    expect(fitSize(720, 1280, 640)).toEqual({ width: 360, height: 640 });
  });

  it('never enlarges a small frame', () => {
    expect(fitSize(320, 240, 640)).toEqual({ width: 320, height: 240 });
  });
});
