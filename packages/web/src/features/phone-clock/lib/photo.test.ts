import { describe, expect, it } from 'vitest';
import { base64Bytes, fitSize, frameOf } from './photo';

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

describe('frameOf', () => {
  /** A video element that has shown no frame yet: `videoWidth` 0, events as an element has them. */
  function blankVideo() {
    const target = new EventTarget();
    return Object.assign(target, { videoWidth: 0, videoHeight: 0 }) as unknown as HTMLVideoElement;
  }

  it("waits for the camera's first frame rather than taking an empty one at once", async () => {
    const video = blankVideo();
    let settled = false;
    const frame = frameOf(video, 60_000).then((value) => {
      settled = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    // The frame event came but the video still has no size (a camera that gave up): no photo.
    video.dispatchEvent(new Event('loadeddata'));
    expect(await frame).toBe('');
  });

  it('gives up after its wait when no frame comes', async () => {
    const started = Date.now();
    expect(await frameOf(blankVideo(), 30)).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
